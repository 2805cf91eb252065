import { z } from 'zod';
import { pagedResponse, ZPage, ZToken } from '../api.schema.ts';
import { ZTutorialRow } from '../catalog/catalog.schema.ts';

/*
 * The member lists (01 §2, §3, §7): Watch Later (queue), CE in Progress (pending), CE Completed
 * (completed, completed-webinars, completed-podcasts) and Viewed Tutorials (tutorial-history).
 * Public ids only: classId is the class hash, a podcast's id is the episode hash. Dates are
 * ISO-8601 UTC, except examDateLocal: the member's own calendar day ('YYYY-MM-DD').
 */

/** GET /api/queue, /api/pending, /api/completed-webinars, /api/completed-podcasts, /api/tutorial-history: s, page. */
export const ZMemberListQuery = z.object({ s: ZToken.optional(), page: ZPage.optional() });
export type TMemberListQuery = z.infer<typeof ZMemberListQuery>;

/** GET /api/completed: s. */
export const ZCompletedCountsQuery = z.object({ s: ZToken.optional() });

const ZPhoto = z.string().nullable();

/** A Watch Later row (01 §3 Tutorial and queue item) with its queue entry. */
export const ZQueueRow = ZTutorialRow.extend({ queueId: z.string() });
export type TQueueRow = z.infer<typeof ZQueueRow>;

/** A CE in Progress row (01 §3 Pending class). */
export const ZPendingRow = z.object({
  hash: z.string(),
  className: z.string(),
  speakerName: z.string(),
  sponsorCompanyName: z.string(),
  photo: ZPhoto,
  releaseDate: z.string(),
  credits: z.number(),
  ceTypeId: z.number().int(),
});
export type TPendingRow = z.infer<typeof ZPendingRow>;

/** When the weekly AGD roster carried this completion (03 §7); null until it has. */
const ZAgdSubmittedAt = z.string().nullable();

/** A completed class (01 §3 Completed webinar): a pending class's fields and the completion's. */
export const ZCompletedWebinarRow = ZPendingRow.extend({
  classId: z.string(),
  examDateLocal: z.string(),
  description: z.string(),
  agdCode: z.string().nullable(),
  agdCategory: z.string().nullable(),
  isCADentalBoard: z.boolean(),
  courseNumberCADentalBoard: z.string().nullable(),
  certUrl: z.string(),
  agdSubmittedAt: ZAgdSubmittedAt,
});
export type TCompletedWebinarRow = z.infer<typeof ZCompletedWebinarRow>;

/** A completed podcast episode (01 §3 Completed podcast). */
export const ZCompletedPodcastRow = z.object({
  id: z.string(),
  hash: z.string(),
  podcastShowHash: z.string(),
  title: z.string(),
  description: z.string(),
  photo: ZPhoto,
  certUrl: z.string(),
  examDateLocal: z.string(),
  credits: z.number(),
  ceTypeId: z.number().int(),
  agdSubmittedAt: ZAgdSubmittedAt,
});
export type TCompletedPodcastRow = z.infer<typeof ZCompletedPodcastRow>;

/** A viewed product tutorial (01 §3 Tutorial item) and when the member last viewed it. */
export const ZTutorialHistoryRow = ZTutorialRow.extend({ viewedAt: z.string() });
export type TTutorialHistoryRow = z.infer<typeof ZTutorialHistoryRow>;

export const ZQueueResponse = pagedResponse(ZQueueRow);
export type TQueueResponse = z.infer<typeof ZQueueResponse>;
export const ZPendingResponse = pagedResponse(ZPendingRow);
export type TPendingResponse = z.infer<typeof ZPendingResponse>;
export const ZCompletedWebinarsResponse = pagedResponse(ZCompletedWebinarRow);
export type TCompletedWebinarsResponse = z.infer<typeof ZCompletedWebinarsResponse>;
export const ZCompletedPodcastsResponse = pagedResponse(ZCompletedPodcastRow);
export type TCompletedPodcastsResponse = z.infer<typeof ZCompletedPodcastsResponse>;
export const ZTutorialHistoryResponse = pagedResponse(ZTutorialHistoryRow);
export type TTutorialHistoryResponse = z.infer<typeof ZTutorialHistoryResponse>;

/**
 * GET /api/completed (01 §3 Completed counts): status, data[0] {cntWebinars, cntPodcasts};
 * hasAgdNumber tells why nothing is sent to the AGD (decision 0505).
 */
export const ZCompletedCounts = z.object({
  cntWebinars: z.number().int(),
  cntPodcasts: z.number().int(),
  /** Claimed in-person events (issue 36), beside the spec's counts; not among cntWebinars. */
  cntInPerson: z.number().int(),
});
export type TCompletedCounts = z.infer<typeof ZCompletedCounts>;
export const ZCompletedCountsResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  data: z.tuple([ZCompletedCounts]),
  hasAgdNumber: z.boolean(),
});
export type TCompletedCountsResponse = z.infer<typeof ZCompletedCountsResponse>;
