import type { TClassResponse, TPodcastResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';
import { isListenQueued, isOffline } from '../../../lib/progress-sync/progress-sync.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** What the evaluation shows and checks of its class or podcast episode. */
export type TLearningSubject = {
  hash: string;
  title: string;
  lecturer: string | null;
  releaseDate: string;
  viewed: boolean;
  evalTaken: boolean;
  examTaken: boolean;
  /** Offline: the listen or view is still queued on the device, the evaluation will follow it. */
  listenQueued: boolean;
};

export type TSubjectKind = 'class' | 'podcast';

function classSubject({ classObj, studentData }: TClassResponse): TLearningSubject {
  return {
    hash: classObj.hash,
    title: classObj.className,
    lecturer: classObj.speakerName,
    releaseDate: classObj.releaseDateUTC,
    viewed: studentData.classViewCount > 0 || Boolean(studentData.studentStarted),
    evalTaken: studentData.evalTaken,
    examTaken: studentData.examTaken,
    listenQueued: false,
  };
}

function podcastSubject({ podcast, studentData }: TPodcastResponse): TLearningSubject {
  return {
    hash: podcast.hash,
    title: podcast.title,
    lecturer: null,
    releaseDate: podcast.releaseDateUTC,
    viewed: studentData.classViewCount > 0,
    evalTaken: studentData.evalTaken,
    examTaken: studentData.examTaken,
    listenQueued: false,
  };
}

/** What a page opened before the network went holds of this class or episode (its cached answer). */
function cachedSubject(kind: TSubjectKind, ref: string): TLearningSubject | null {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data as Partial<TClassResponse & TPodcastResponse> | undefined;
    if (!data?.studentData) continue;
    if (kind === 'class' && data.classObj?.hash === ref) return classSubject(data as TClassResponse);
    if (kind === 'podcast' && data.podcast?.hash === ref) return podcastSubject(data as TPodcastResponse);
  }
  return null;
}

/**
 * Offline, the evaluation trusts a listen (or view) still queued on the device: its answer is
 * queued behind the listen (decision 1175).
 */
async function withQueuedListen(kind: TSubjectKind, subject: TLearningSubject): Promise<TLearningSubject> {
  if (subject.viewed) return subject;
  const listenQueued = await isListenQueued(kind === 'class' ? 'view' : 'play', subject.hash);
  return { ...subject, viewed: listenQueued, listenQueued };
}

async function fetchSubject(kind: TSubjectKind, ref: string, signal: AbortSignal): Promise<TLearningSubject> {
  try {
    const subject =
      kind === 'class'
        ? classSubject(await apiGet<TClassResponse>('class', { c: ref }, signal))
        : podcastSubject(await apiGet<TPodcastResponse>('podcast', { p: ref }, signal));
    // Offline, the service worker answers from what it kept before the listen: the queue says more.
    return navigator.onLine ? subject : await withQueuedListen(kind, subject);
  } catch (error) {
    // Without the worker, the answer a page opened before held.
    const cached = isOffline(error) ? cachedSubject(kind, ref) : null;
    if (cached) return withQueuedListen(kind, cached);
    throw error;
  }
}

/** GET /api/class or /api/podcast (02 §7), as the evaluation needs them. */
export const learningSubjectQuery = (kind: TSubjectKind, ref: string, token: string | null) =>
  queryOptions({
    queryKey: ['learning-subject', kind, ref, token] as const,
    queryFn: ({ signal }) => fetchSubject(kind, ref, signal),
    staleTime: 0,
    // Asked offline too, so that the cached answer and the queued listen open the evaluation.
    networkMode: 'always',
  });

export function useLearningSubject(kind: TSubjectKind, ref: string) {
  const token = useSession()?.token ?? null;
  return useQuery({ ...learningSubjectQuery(kind, ref, token), enabled: Boolean(ref) });
}
