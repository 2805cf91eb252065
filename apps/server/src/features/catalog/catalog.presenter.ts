import { creditLabel, hasNothingToView, lessonKind, premiumCourseUrl, seatsLeft } from '@opence/shared';
import type {
  TBlogRow,
  TClassRow,
  TDrilldownRow,
  TEbookRow,
  TFeaturedContent,
  TPodcastRow,
  TPremiumRow,
  TTutorialRow,
  TWebinarRow,
} from '@opence/shared/schemas';
import { presentClassBasics } from '../../domain/class-rows.ts';
import type {
  TBlogRecord,
  TClassRecord,
  TDrilldownRecord,
  TEbookRecord,
  TFeaturedRecords,
  TPodcastRecord,
  TPremiumRecord,
} from './catalog.repo.ts';

/*
 * Rows → the spec's field names (01 §3). Member flags start false/empty: the service sets
 * them for a signed-in member. classId is the class hash and a blog post's id its slug, so
 * no internal id leaves the server (03 §2).
 */

/** Podcast episodes in lobbies and featured teasers: 1 marks the featured one (02 §3). */
const FEATURED_LOBBY_TYPE = 1;

/** seated: seats taken per class id (selectSeatedCounts); seatsLeft is null without a capacity. */
export function webinarRow(r: TClassRecord, seated: Map<string, number>): TWebinarRow {
  return Object.assign(presentClassBasics(r), {
    durationMin: r.duration_min,
    hasSeat: false,
    isWaiting: false,
    isReserved: false,
    seatsLeft: seatsLeft(r.capacity, seated.get(r.id) ?? 0),
  });
}

export function classRow(r: TClassRecord): TClassRow {
  const kind = lessonKind({
    typeId: r.type_id,
    youtubeUrl: r.youtube_url,
    videoUrl: r.video_url,
    pdfUrl: r.pdf_url,
  });
  return Object.assign(presentClassBasics(r), {
    slug: r.slug,
    examTaken: false,
    comingSoon: hasNothingToView(kind),
    recordingMin: kind === 'video' ? r.duration_min : null,
  });
}

export function tutorialRow(r: TClassRecord): TTutorialRow {
  return presentClassBasics(r);
}

export function premiumRow(r: TPremiumRecord, learningPlatformUrl: string): TPremiumRow {
  return Object.assign(presentClassBasics(r), {
    slug: r.slug,
    blurb: r.blurb,
    numLessons: r.num_lessons ?? 0,
    durationHours: r.duration_hours ?? 0,
    youtubeUrl: r.youtube_url ?? '',
    gradebookId: '',
    learnworldsClassId: r.learnworlds_class_id ?? '',
    courseUrl: premiumCourseUrl(learningPlatformUrl, r.learnworlds_class_id),
    price: r.price ?? 0,
    priceList: r.price_list ?? 0,
    priceDiscountStr: r.price_discount_str ?? '',
  });
}

export function podcastRow(r: TPodcastRecord): TPodcastRow {
  return {
    id: r.hash,
    hash: r.hash,
    podcastShowHash: r.show_hash,
    title: r.title,
    speakerName: r.speaker_name ?? '',
    companyName: r.company_name ?? '',
    photo: r.photo,
    releaseDateUTC: r.release_at,
    credits: r.credits,
    durationSec: r.duration_sec,
    examTaken: false,
    mp3: r.mp3,
    blurb: r.blurb,
    description: r.description,
  };
}

export function blogRow(r: TBlogRecord): TBlogRow {
  return {
    id: r.slug,
    slug: r.slug,
    title: r.title,
    author: r.author,
    photo: r.photo,
    blurb: r.blurb,
    featured: r.featured === 1,
    datePosted: r.published_at,
  };
}

export function drilldownRow(r: TDrilldownRecord): TDrilldownRow {
  return {
    hash: r.hash,
    slug: r.slug,
    title: r.title,
    author: r.author,
    photo: r.photo,
    blurb: r.blurb,
    datePosted: r.posted_at,
  };
}

/** A visitor gets no PDF link: the book is for members (01 §6). */
export function ebookRow(r: TEbookRecord, isMember: boolean): TEbookRow {
  return {
    hash: r.hash,
    title: r.title,
    subtitle: r.subtitle ?? '',
    thumbnail: r.thumbnail,
    blurbLib: r.blurb,
    pdf: isMember ? r.pdf : '',
    buttonText: r.button_text,
  };
}

const featuredSection = <T>(item: T | undefined) =>
  item ? { status: true, rowCount: 1, data: [item] } : { status: false, rowCount: 0, data: [] };

/** featuredContent (01 §3, 02 §7); featuredHash names the first featured item shown. */
export function featuredContent(
  records: TFeaturedRecords,
  include: { classes: boolean; podcasts: boolean; blog: boolean },
): TFeaturedContent {
  const c = include.classes ? records.featuredClass : undefined;
  const p = include.podcasts ? records.featuredPodcast : undefined;
  const b = include.blog ? records.featuredBlog : undefined;
  return {
    status: Boolean(c || p || b),
    featuredClass: featuredSection(
      c && {
        hash: c.hash,
        slug: c.slug,
        photo: c.photo,
        className: c.title,
        name: c.speaker_name ?? '',
        companyName: c.company_name ?? '',
        credits: c.credits,
        creditName: creditLabel(c.ce_type_id),
        blurb: c.featured_blurb ?? c.blurb,
      },
    ),
    featuredPodcast: featuredSection(
      p && {
        hash: p.hash,
        podcastShowHash: p.show_hash,
        photo: p.photo,
        title: p.title,
        speakerName: p.speaker_name ?? '',
        companyName: p.company_name ?? '',
        credits: p.credits,
        durationSec: p.duration_sec,
        featuredBlurb: p.pick_blurb ?? p.featured_blurb ?? p.blurb,
        mp3: p.mp3,
        lobbyTypeId: FEATURED_LOBBY_TYPE,
      },
    ),
    featuredBlog: featuredSection(
      b && {
        id: b.slug,
        title: b.title,
        blurb: b.pick_blurb ?? b.blurb,
        photo: b.photo,
        featured: true,
      },
    ),
    featuredHash: c?.hash ?? p?.hash ?? b?.slug ?? '',
  };
}

/** featuredContent with nothing featured (pages after the first). */
export function noFeaturedContent(): TFeaturedContent {
  const none = { featuredClass: undefined, featuredPodcast: undefined, featuredBlog: undefined };
  return featuredContent(none, { classes: false, podcasts: false, blog: false });
}
