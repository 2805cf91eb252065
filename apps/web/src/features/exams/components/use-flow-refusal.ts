import { Texts } from '@opence/shared';
import { useEffect } from 'react';
import { useFlashNavigate } from '../../../components/ui/flash.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { TSubjectKind } from '../api/get-learning-subject.ts';
import { flowPaths } from '../flow-paths.ts';

/**
 * A step the server refused because an earlier one is missing, or the exam is already passed
 * (03 §6): back to where the member belongs with the spec's text — the evaluation before the
 * evaluation is saved, the lesson otherwise. True while the page is being left.
 */
export function useFlowRefusal(error: unknown, kind: TSubjectKind, ref: string): boolean {
  const flashNavigate = useFlashNavigate();
  const refusal =
    error instanceof ApiRequestError &&
    (error.status === 403 || error.status === 409) &&
    error.message !== Texts.EXAM_NOT_AVAILABLE
      ? error
      : null;
  useEffect(() => {
    if (!refusal) return;
    const paths = flowPaths(kind, ref);
    flashNavigate(
      refusal.message === Texts.COMPLETE_EVALUATION_FIRST ? paths.evaluation : paths.lesson,
      refusal.message,
    );
  }, [refusal, kind, ref, flashNavigate]);
  return refusal !== null;
}
