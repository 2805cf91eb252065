import type { Kysely, Transaction } from 'kysely';
import type { TEvaluationForm } from '@opence/shared/schemas';
import type { DB } from '../db/types.ts';
import { newId } from '../lib/ids.ts';

/*
 * The course evaluation (02 §3) as the evaluations table keeps it. Two features store one: the
 * exams feature when a member evaluates a class or episode, the events feature when a claim
 * at an in-person event carries the evaluation (0413). One mapping, so a rating can never land
 * in another column on one path than on the other.
 */

/** What the evaluation was of, who gave it and when. */
export type TEvaluationOf = {
  memberId: string;
  classId: string | null;
  podcastId: string | null;
  at: string;
};

/** Stores the member's evaluation form, in the caller's transaction. */
export async function insertEvaluation(
  db: Kysely<DB> | Transaction<DB>,
  form: TEvaluationForm,
  of: TEvaluationOf,
): Promise<void> {
  await db
    .insertInto('evaluations')
    .values({
      id: newId(),
      member_id: of.memberId,
      class_id: of.classId,
      podcast_id: of.podcastId,
      course_objectives: form.courseObjectives,
      course_useful: form.courseUseful,
      course_appropriate: form.courseAppropriate,
      course_logical: form.courseLogical,
      instructor_communication: form.instructorCommunication,
      instructor_preparedness: form.instructorPreparedness,
      instructor_effectiveness: form.instructorEffectiveness,
      site_presentation: form.sitePresentation,
      site_navigation: form.siteNavigation,
      site_comparison: form.siteComparison,
      comments: form.comments || null,
      other_topics: form.otherTopics || null,
      created_at: of.at,
    })
    .execute();
}
