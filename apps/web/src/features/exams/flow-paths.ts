import { Texts } from '@opence/shared';
import type { TSubjectKind } from './api/get-learning-subject.ts';

/**
 * Where each step of the learning flow leads (02 §4): a class goes evaluation → sponsor video →
 * survey → exam, a podcast evaluation → exam; refusals send the member back to the lesson.
 */
export function flowPaths(kind: TSubjectKind, hash: string) {
  if (kind === 'class') {
    return {
      lesson: `/classroom/${hash}`,
      evaluation: `/eval/${hash}`,
      afterEvaluation: `/sva/${hash}`,
      exam: `/exam/${hash}`,
      viewFirstText: Texts.VIEW_CLASS_FIRST,
      examCompletedText: Texts.EXAM_COMPLETED_RETURN_CLASSROOM,
      unableToLoadText: Texts.UNABLE_LOAD_STUDENT_CLASSROOM,
    };
  }
  return {
    lesson: '/podcasts',
    evaluation: `/eval-podcast/${hash}`,
    afterEvaluation: `/exam-podcast/${hash}`,
    exam: `/exam-podcast/${hash}`,
    viewFirstText: Texts.LISTEN_PODCAST_FIRST,
    examCompletedText: Texts.EXAM_COMPLETED_RETURN_PODCASTS,
    unableToLoadText: Texts.UNABLE_LOAD_STUDENT_PODCAST,
  };
}
