import type { Kysely } from 'kysely';
import { AdEvent, Texts } from '@opence/shared';
import type { TPodcastResponse, TStudentData } from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { recordAdEvents } from '../../domain/ad-events.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { notFound } from '../../lib/api-errors.ts';
import { presentBannerAd, presentEpisode, presentShow } from './podcasts.presenter.ts';
import {
  hasPlayed,
  insertPlay,
  selectCompletions,
  selectEpisode,
  selectShow,
  selectShowEpisodes,
  selectSponsorBannerAds,
  type TEpisodeRecord,
  type TShowRecord,
} from './podcasts.repo.ts';

/** The member's record on an episode, from the classroom (passed in by app.ts); null is a visitor. */
export type TPodcastStudentDataReader = (
  memberId: string | null,
  subject: { podcastId: string; ceTypeId: number },
) => Promise<TStudentData>;

export type TPodcastsDeps = {
  db: Kysely<DB>;
  publicUrl: string;
  studentData: TPodcastStudentDataReader;
  now?: () => Date;
};

type TPlayRequest = { p: string; log: boolean; loc?: string | undefined; firstClick: boolean };

/**
 * The podcast series page (02 §2, §7) and the play log that unlocks a podcast's evaluation and
 * exam (03 §8). The exam side reads the plays through the member's studentData.
 */
export function createPodcastsService({ db, publicUrl, studentData, now = () => new Date() }: TPodcastsDeps) {
  /** The series page's answer: the show, the chosen episode, all of the show's episodes, the sponsor's ads. */
  async function seriesPage(
    member: TSessionMember | null,
    show: TShowRecord,
    chosen: TEpisodeRecord,
  ): Promise<TPodcastResponse> {
    const at = nowIso(now());
    const episodes = await selectShowEpisodes(db, show.id, at);
    const [completions, student, ads] = await Promise.all([
      member
        ? selectCompletions(
            db,
            member.id,
            episodes.map((e) => e.id),
          )
        : [],
      studentData(member?.id ?? null, { podcastId: chosen.id, ceTypeId: chosen.ce_type_id }),
      show.company_id ? selectSponsorBannerAds(db, show.company_id) : [],
    ]);
    const present = (e: TEpisodeRecord) =>
      presentEpisode(
        e,
        completions.find((c) => c.podcast_id === e.id),
        publicUrl,
      );
    await recordAdEvents(
      db,
      ads.map((ad) => ({ adId: ad.id, memberId: member?.id ?? null, eventId: AdEvent.VIEW, at })),
    );
    return {
      status: true,
      rowCount: 1,
      data: [presentShow(show)],
      podcast: present(chosen),
      podcasts: { status: episodes.length > 0, data: episodes.map(present) },
      studentData: student,
      bannerAds: { status: ads.length > 0, bannerAds: ads.map(presentBannerAd) },
    };
  }

  async function findEpisode(ref: string): Promise<TEpisodeRecord> {
    const episode = await selectEpisode(db, ref, nowIso(now()));
    if (!episode) throw notFound(Texts.SELECT_PODCAST);
    return episode;
  }

  return {
    /** GET /api/podcast: an episode (hash or slug) on its show's page. */
    async podcast(member: TSessionMember | null, ref: string): Promise<TPodcastResponse> {
      const episode = await findEpisode(ref);
      const show = await selectShow(db, { id: episode.show_id });
      if (!show) throw notFound(Texts.SELECT_PODCAST);
      return seriesPage(member, show, episode);
    },

    /** GET /api/podcast-show: a show (hash or slug) with its newest episode chosen. */
    async podcastShow(member: TSessionMember | null, ref: string): Promise<TPodcastResponse> {
      const show = await selectShow(db, { ref });
      const [newest] = show ? await selectShowEpisodes(db, show.id, nowIso(now())) : [];
      if (!show || !newest) throw notFound(Texts.SELECT_PODCAST);
      return seriesPage(member, show, newest);
    },

    /**
     * GET /api/podcast-view: logs a play start when log is set. A resume after a pause is not a
     * new play: only the first click, or a member's first play of the episode, is stored
     * (docs/decisions/0602). A member's stored play unlocks the evaluation and exam.
     */
    async logPlay(member: TSessionMember | null, request: TPlayRequest): Promise<{ status: boolean }> {
      const episode = await findEpisode(request.p);
      if (!request.log) return { status: true };
      const isNewPlay =
        request.firstClick || (member !== null && !(await hasPlayed(db, member.id, episode.id)));
      if (isNewPlay) {
        await insertPlay(db, {
          id: newId(),
          podcastId: episode.id,
          memberId: member?.id ?? null,
          source: request.loc || null,
          at: nowIso(now()),
        });
      }
      return { status: true };
    },
  };
}

export type TPodcastsService = ReturnType<typeof createPodcastsService>;
