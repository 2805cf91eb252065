import type { TClassResponse, TPodcastResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';

/** What the evaluation shows and checks of its class or podcast episode. */
export type TLearningSubject = {
  hash: string;
  title: string;
  lecturer: string | null;
  releaseDate: string;
  viewed: boolean;
  evalTaken: boolean;
  examTaken: boolean;
};

export type TSubjectKind = 'class' | 'podcast';

async function fetchSubject(kind: TSubjectKind, ref: string, signal: AbortSignal): Promise<TLearningSubject> {
  if (kind === 'class') {
    const { classObj, studentData } = await apiGet<TClassResponse>('class', { c: ref }, signal);
    return {
      hash: classObj.hash,
      title: classObj.className,
      lecturer: classObj.speakerName,
      releaseDate: classObj.releaseDateUTC,
      viewed: studentData.classViewCount > 0 || Boolean(studentData.studentStarted),
      evalTaken: studentData.evalTaken,
      examTaken: studentData.examTaken,
    };
  }
  const { podcast, studentData } = await apiGet<TPodcastResponse>('podcast', { p: ref }, signal);
  return {
    hash: podcast.hash,
    title: podcast.title,
    lecturer: null,
    releaseDate: podcast.releaseDateUTC,
    viewed: studentData.classViewCount > 0,
    evalTaken: studentData.evalTaken,
    examTaken: studentData.examTaken,
  };
}

/** GET /api/class or /api/podcast (02 §7), as the evaluation needs them. */
export const learningSubjectQuery = (kind: TSubjectKind, ref: string, token: string | null) =>
  queryOptions({
    queryKey: ['learning-subject', kind, ref, token] as const,
    queryFn: ({ signal }) => fetchSubject(kind, ref, signal),
    staleTime: 0,
  });

export function useLearningSubject(kind: TSubjectKind, ref: string) {
  const token = useSession()?.token ?? null;
  return useQuery({ ...learningSubjectQuery(kind, ref, token), enabled: Boolean(ref) });
}
