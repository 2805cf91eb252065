import { LobbyType } from '@opence/shared';
import type {
  TCancelSeatClass,
  TLobbyDrilldown,
  TLobbyPodcast,
  TPrivacyBlock,
  TReserveSeatResponse,
} from '@opence/shared/schemas';
import { presentClassFacts } from '../../domain/class-rows.ts';
import type { TLobbyPodcastRow } from './seats.lobby.repo.ts';
import type { TSeat, TWebinarRow } from './seats.repo.ts';

/** The sponsor's privacy question, while the member has not answered it (02 §2). */
export function presentPrivacyBlock(webinar: TWebinarRow, seat: TSeat): TPrivacyBlock | undefined {
  if (!webinar.privacy_title || seat.privacy_optin !== null) return undefined;
  return {
    status: true,
    title: webinar.privacy_title,
    blurb: webinar.privacy_blurb ?? '',
    learnmore: webinar.privacy_learnmore ?? '',
  };
}

export function presentReservation(
  webinar: TWebinarRow,
  seat: TSeat,
  waitlistPosition: number,
): TReserveSeatResponse {
  const privacyBlock = presentPrivacyBlock(webinar, seat);
  return {
    status: true,
    attendeeId: seat.id,
    isWaiting: seat.is_waiting === 1,
    waitlistPosition,
    ...(privacyBlock ? { privacyBlock } : {}),
  };
}

/** The class a cancel code is for (02 §2 cancel page). */
export function presentCancelClass(webinar: TWebinarRow, seat: TSeat): TCancelSeatClass {
  return Object.assign(presentClassFacts(webinar), {
    durationMin: webinar.duration_min,
    isWaiting: seat.is_waiting === 1,
  });
}

export function presentLobbyDrilldown(row: {
  hash: string;
  slug: string;
  title: string;
  youtube_url: string | null;
  photo: string | null;
}): TLobbyDrilldown {
  return { hash: row.hash, slug: row.slug, title: row.title, youtubeUrl: row.youtube_url, photo: row.photo };
}

/** The first episode is the lobby's featured one (lobbyTypeId 1). */
export function presentLobbyPodcast(row: TLobbyPodcastRow, index: number): TLobbyPodcast {
  return {
    hash: row.hash,
    podcastShowHash: row.show_hash,
    title: row.title,
    speakerName: row.speaker_name ?? '',
    companyName: row.company_name ?? '',
    photo: row.photo,
    mp3: row.mp3,
    durationSec: row.duration_sec,
    credits: Number(row.credits),
    blurb: row.blurb,
    featuredBlurb: row.featured_blurb ?? row.blurb,
    lobbyTypeId: index === 0 ? LobbyType.FEATURED : LobbyType.MORE,
  };
}
