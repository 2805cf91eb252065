import { certificatePdfUrl } from '@opence/shared';
import type { TBannerAd, TPodcast, TPodcastShow } from '@opence/shared/schemas';
import type { TBannerAdRecord, TCompletionRecord, TEpisodeRecord, TShowRecord } from './podcasts.repo.ts';

/** An episode as the series page shows it (02 §3 Podcast); its public id is the hash. */
export function presentEpisode(
  r: TEpisodeRecord,
  completion: TCompletionRecord | undefined,
  publicUrl: string,
): TPodcast {
  return {
    id: r.hash,
    hash: r.hash,
    slug: r.slug,
    title: r.title,
    speakerName: r.speaker_name ?? '',
    description: r.description,
    blurb: r.blurb,
    mp3: r.mp3,
    photo: r.photo,
    releaseDate: r.release_at,
    releaseDateUTC: r.release_at,
    durationSec: r.duration_sec,
    credits: Number(r.credits),
    ceTypeId: r.ce_type_id,
    hasExam: r.exam_id !== null,
    examTaken: completion !== undefined,
    examDate: completion?.completed_at ?? null,
    // The day the member passed, in their own zone (as the exam recorded it).
    examDateLocal: completion ? (completion.local_day ?? completion.completed_at.slice(0, 10)) : null,
    certUrl: completion ? certificatePdfUrl(publicUrl, completion.certificate_number) : null,
    podcastShowHash: r.show_hash,
    companyName: r.company_name ?? '',
  };
}

/** A show (01 §3 Podcast show). */
export function presentShow(r: TShowRecord): TPodcastShow {
  return {
    hash: r.hash,
    slug: r.slug,
    title: r.title,
    sponsorCompanyName: r.company_name ?? '',
    photo: r.photo,
    blurb: r.blurb,
  };
}

export function presentBannerAd(r: TBannerAdRecord): TBannerAd {
  return { hash: r.hash, url: r.url ?? '', photo: r.photo ?? '', title: r.title };
}
