import type { Insertable, Kysely, Transaction } from 'kysely';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  AdSlotType,
  CeType,
  ClassType,
  creditRuleText,
  PRESENCE_SOURCE_LABEL,
  TRACKER_TOPIC_LABELS,
  webinarCreditDecision,
  type TClassType,
  type TCreditRule,
} from '@opence/shared';
import type { TWebinarEvidence } from '@opence/shared/schemas';
import { escapeHtml } from '../../lib/html.ts';
import { newId, newPublicHash, newSecretToken, nowIso } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { TStorage } from '../../lib/storage.ts';
import { isUniqueViolation } from '../dialect/index.ts';
import type { DB } from '../types.ts';
import {
  ARCHIVE_COURSE,
  BANNER_ADS,
  BLOG_POSTS,
  CATEGORIES,
  CATEGORY_TEXT,
  COMPANIES,
  DRILLDOWNS,
  EBOOKS,
  LIVE_COURSES,
  MOBILE_ADS,
  ON_DEMAND_COURSES,
  PAST_WEBINAR_COURSE,
  PODCAST_SHOWS,
  PREMIUM_COURSES,
  QUESTION_BANK,
  SPEAKERS,
  SPONSOR_VIDEOS,
  SURVEYS,
  TUTORIALS,
  type TCategoryKey,
  type TCompanyKey,
  type TCourseDef,
  type TLiveStart,
  type TQuestionDef,
  type TSpeakerKey,
} from './demo-data.ts';
import { pdfDocument, svgImage, wavDurationSec, wavTone, webpImage, type TImageKind } from './media.ts';
import { ACCOUNT_ITEMS, DEFAULT_BLURBS, DEFAULT_SETTINGS } from './reference-data.ts';
import { demoTrackerRows, seedTrackerReference } from './tracker-reference.ts';
import { demoQuestionRows } from './demo-questions.ts';
import { seedMediaText } from './demo-media-text.ts';
import { demoOfficeRows } from './demo-office.ts';

/*
 * Demo content for a fresh install (03 §11): every screen has something to show, dates are
 * relative to `now` (a webinar starting within minutes, one full with a waitlist), and a demo
 * member and staff account exist whose credentials the start-up prints.
 *
 * Rows are built in memory first (media files go to storage as they are made), then written
 * in one transaction, so a failure leaves the database empty and the next start tries again.
 */

export type TSeedCredentials = { username: string; password: string; totpSecret?: string };
export type TSeedResult = {
  member: TSeedCredentials;
  staff: TSeedCredentials;
  counts: Record<string, number>;
};

export const DEMO_MEMBER = {
  username: 'demo.member',
  password: 'demo-pass-1',
  email: 'member@demo.opence.test',
} as const;
export const DEMO_STAFF = {
  username: 'demo.staff',
  password: 'staff-pass-1',
  email: 'staff@demo.opence.test',
  /**
   * The demo staff's TOTP secret (docs/decisions/0920), published in the README so that the
   * demo's console can be opened: add it to an authenticator app, or compute the code.
   */
  totpSecret: 'OPENCEDEMOSTAFFTOTPSECRETKEY2345',
} as const;

// Tables in foreign-key order: each one only refers to tables before it.
const SEED_TABLES = [
  'categories',
  'companies',
  'speakers',
  'sponsor_videos',
  'surveys',
  'survey_questions',
  'survey_choices',
  'classes',
  'in_person_events',
  'class_categories',
  'class_topics',
  'podcast_shows',
  'podcasts',
  'podcast_categories',
  'podcast_topics',
  'exams',
  'exam_questions',
  'blog_posts',
  'blog_post_categories',
  'ads',
  'drilldowns',
  'ebooks',
  'featured_content',
  'members',
  'member_totp',
  'seats',
  'webinar_polls',
  'webinar_poll_answers',
  'attendance_imports',
  'attendance_records',
  'queue_items',
  'gradebook',
  'class_views',
  'podcast_plays',
  'evaluations',
  'exam_attempts',
  'exam_day_counts',
  'completions',
  'tracker_licences',
  'tracker_certificates',
  'open_badges',
  'webinar_questions',
  'question_votes',
  'event_claims',
  'event_scans',
  'organisations',
  'offices',
  'office_members',
  'office_assignments',
  'organisation_managers',
] as const satisfies readonly (keyof DB)[];

type TSeedTable = (typeof SEED_TABLES)[number];
type TSeedRows = { [T in TSeedTable]: Insertable<DB[T]>[] };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const DEMO_TIME_ZONE = 'America/New_York';
/** Demo exams are pools (issue 35): ten questions each, five drawn per attempt. */
const DEMO_EXAM_POOL = 10;
const DEMO_EXAM_DRAW = 5;
/** Where the demo's signature image is stored, as an upload of the settings form would be (decision 1043). */
const DEMO_SIGNATURE_KEY = 'signatures/demo/signature.png';

// ---------------------------------------------------------------------------------------------
// Small helpers

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Slugs are unique per table; a repeated title gets a numeric suffix. */
function uniqueSlugger(): (text: string) => string {
  const used = new Set<string>();
  return (text) => {
    const base = slugify(text) || 'item';
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}

/** A stable, plausible 11-character YouTube id: demo videos are placeholders, not real uploads. */
function demoYoutubeId(seed: string): string {
  return createHash('sha256').update(`opence-demo:${seed}`).digest('base64url').slice(0, 11);
}
const youtubeUrl = (seed: string) => `https://www.youtube.com/watch?v=${demoYoutubeId(seed)}`;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const shift = (date: Date, ms: number) => new Date(date.getTime() + ms);

function startOfMinute(date: Date): Date {
  return new Date(Math.floor(date.getTime() / MINUTE_MS) * MINUTE_MS);
}

/** The UTC calendar day `days` from now (negative: past) at a whole UTC hour. */
function dayAtUtcHour(now: Date, days: number, utcHour: number): Date {
  const d = shift(now, days * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), utcHour));
}

function liveStartAt(now: Date, start: TLiveStart): Date {
  // Whole minutes, counted from the next minute, so "in 4 minutes" is never less than 4.
  if ('minutes' in start) return shift(startOfMinute(now), (start.minutes + 1) * MINUTE_MS);
  return dayAtUtcHour(now, start.days, start.utcHour);
}

function addYears(date: Date, years: number): Date {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/** The calendar day in a time zone, as the daily exam limit counts it (03 §6). */
function localDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** An 11-digit Zoom-style meeting code. */
function meetingCode(): string {
  return `8${pad(randomInt(0, 10_000_000_000), 10)}`;
}

function lookup<K extends string>(map: Map<K, string>, key: K): string {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data refers to unknown key '${key}'`);
  return value;
}

/** 'Name, credentials' as course pages and certificates show a lecturer. */
function speakerLabel(key: TSpeakerKey): string {
  const s = SPEAKERS.find((x) => x.key === key);
  if (!s) throw new Error(`Unknown speaker '${key}'`);
  return `${s.name}, ${s.credentials}`;
}

function categoryDef(key: TCategoryKey) {
  const def = CATEGORIES.find((c) => c.key === key);
  if (!def) throw new Error(`Unknown category '${key}'`);
  return def;
}

// ---------------------------------------------------------------------------------------------
// Media

type TMedia = {
  image(
    folder: string,
    slug: string,
    title: string,
    hue: number,
    kind: TImageKind,
    width?: number,
  ): Promise<string>;
  pdf(folder: string, slug: string, title: string, lines: string[]): Promise<string>;
  audio(name: string, wav: Uint8Array): Promise<string>;
  /** Resolves when every image asked for is stored; rejects if one failed. */
  imagesStored(): Promise<void>;
};

function createMedia(storage: TStorage): TMedia {
  // Images are encoded side by side (sharp works on its own threads) while the seed goes on:
  // one after another they took longer than the rest of the seed.
  const images: Promise<string>[] = [];
  return {
    image: (folder, slug, title, hue, kind, width) => {
      const key = `demo/images/${folder}/${slug}${width ? `-${width}` : ''}.webp`;
      const stored = webpImage(svgImage(title, hue, kind, width)).then((webp) =>
        storage.put(key, webp, 'image/webp'),
      );
      // Awaited in imagesStored; until then a failure must not count as unhandled.
      stored.catch(() => undefined);
      images.push(stored);
      return Promise.resolve(storage.publicUrl(key));
    },
    imagesStored: async () => {
      await Promise.all(images);
    },
    pdf: async (folder, slug, title, lines) =>
      storage.put(`demo/pdf/${folder}/${slug}.pdf`, await pdfDocument(title, lines), 'application/pdf'),
    audio: (name, wav) => storage.put(`demo/audio/${name}.wav`, wav, 'audio/wav'),
  };
}

/**
 * The CE tracker's topic tags of a demo course (issue 23): its AGD subject code, and the
 * mandatory topics its subject or title is plainly about.
 */
function demoTopics(agdCode: string, category: TCategoryKey, title: string): string[] {
  const topics = new Set<string>();
  if (`agd_${agdCode}` in TRACKER_TOPIC_LABELS) topics.add(`agd_${agdCode}`);
  if (
    category === 'infection' ||
    /sterili|bloodborne|hand hygiene|waterline|instrument processing/i.test(title)
  )
    topics.add('infection_control');
  // HIPAA is federal privacy law, not the state dental law a board's jurisprudence requirement means (issue 36).
  if (/ethic|jurisprudence/i.test(title)) topics.add('ethics_jurisprudence');
  if (/radiograph|x-ray|cbct/i.test(title)) topics.add('radiation_safety');
  // The categories boards limit or exclude (issue 36): records and privacy are risk management;
  // the rest of practice management is the business side (ergonomics is neither).
  if (/hipaa|record|risk/i.test(title)) topics.add('risk_management');
  else if (category === 'practice' && !/ergonomic/i.test(title)) topics.add('practice_management');
  return [...topics];
}

// ---------------------------------------------------------------------------------------------
// Reference data (needed by every install, demo or not)

/**
 * Inserts the default settings, text blocks and account-items lists that are missing, leaving
 * existing ones (perhaps edited by staff) alone. Returns the number of rows inserted per table.
 */
export async function seedReferenceData(
  db: Kysely<DB>,
  now: Date = new Date(),
): Promise<Record<'settings' | 'blurbs' | 'account_items', number>> {
  const at = nowIso(now);
  const settings = Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value, updated_at: at }));
  const blurbs = Object.entries(DEFAULT_BLURBS).map(([code, blurb]) => ({ code, blurb, updated_at: at }));
  const items = Object.entries(ACCOUNT_ITEMS).flatMap(([list, entries]) =>
    entries.map((e, sort) => ({ id: newId(), list, value: e.value, label: e.label, sort })),
  );
  const inserted = (r: { numInsertedOrUpdatedRows?: bigint }[]) =>
    Number(r[0]?.numInsertedOrUpdatedRows ?? 0n);
  // The CE tracker's topic list and state requirement rules (issue 23).
  await seedTrackerReference(db, at);
  return {
    settings: inserted(
      await db
        .insertInto('settings')
        .values(settings)
        .onConflict((oc) => oc.column('key').doNothing())
        .execute(),
    ),
    blurbs: inserted(
      await db
        .insertInto('blurbs')
        .values(blurbs)
        .onConflict((oc) => oc.column('code').doNothing())
        .execute(),
    ),
    account_items: inserted(
      await db
        .insertInto('account_items')
        .values(items)
        .onConflict((oc) => oc.columns(['list', 'value']).doNothing())
        .execute(),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// The builder: turns demo-data tables into rows

type TClassRef = {
  id: string;
  title: string;
  credits: number;
  agdCode: string;
  category: TCategoryKey;
  sponsorVideoId: string | null;
  surveyId: string | null;
};
type TEpisodeRef = {
  id: string;
  title: string;
  credits: number;
  agdCode: string;
  releaseAt: Date;
  category: TCategoryKey;
};
type TExamRef = { id: string; questions: { id: string; correct: number }[] };
type TMemberRef = { id: string; username: string };

class DemoBuilder {
  readonly rows: TSeedRows = Object.fromEntries(SEED_TABLES.map((t) => [t, []])) as unknown as TSeedRows;
  private readonly at: string;
  private readonly categoryIds = new Map<TCategoryKey, string>();
  private readonly companyIds = new Map<TCompanyKey, string>();
  private readonly speakerIds = new Map<TSpeakerKey, string>();
  private readonly classSlug = uniqueSlugger();
  private courseSeq = 0;
  private examSeq = 0;

  constructor(
    private readonly now: Date,
    private readonly media: TMedia,
  ) {
    this.at = nowIso(now);
  }

  async directory(): Promise<void> {
    CATEGORIES.forEach((c, sort) => {
      const id = newId();
      this.categoryIds.set(c.key, id);
      this.rows.categories.push({ id, name: c.name, sort });
    });
    await Promise.all(
      COMPANIES.map(async (c) => {
        const id = newId();
        this.companyIds.set(c.key, id);
        const photo = await this.media.image('companies', slugify(c.name), c.name, c.hue, 'logo');
        this.rows.companies.push({
          id,
          name: c.name,
          photo,
          website: c.website,
          contact_email: `partners@${new URL(c.website).hostname}`,
          created_at: this.at,
        });
      }),
    );
    await Promise.all(
      SPEAKERS.map(async (s) => {
        const id = newId();
        this.speakerIds.set(s.key, id);
        const photo = await this.media.image('speakers', slugify(s.name), s.name, s.hue, 'portrait');
        this.rows.speakers.push({
          id,
          name: s.name,
          credentials: s.credentials,
          photo,
          bio: s.bio,
          created_at: this.at,
        });
      }),
    );
  }

  /** Sponsor videos and surveys, returned in demo-data order for linking to classes. */
  sponsorMaterial(): { videoIds: string[]; surveyIds: string[] } {
    const videoIds = SPONSOR_VIDEOS.map((v) => {
      const id = newId();
      this.rows.sponsor_videos.push({
        id,
        company_id: lookup(this.companyIds, v.company),
        youtube_id: demoYoutubeId(v.headline),
        video_url: null,
        headline: v.headline,
        blurb: v.blurb,
        headline_buttons: v.headlineButtons,
        button_text_yes: v.buttonYes,
        button_text_no: v.buttonNo,
        is_active: 1,
        created_at: this.at,
      });
      return id;
    });
    const surveyIds = SURVEYS.map((s) => {
      const surveyId = newId();
      this.rows.surveys.push({
        id: surveyId,
        hash: newPublicHash(),
        title: s.title,
        company_id: lookup(this.companyIds, s.company),
        created_at: this.at,
      });
      s.questions.forEach((q, position) => {
        const questionId = newId();
        this.rows.survey_questions.push({
          id: questionId,
          hash: newPublicHash(),
          survey_id: surveyId,
          position,
          question: q.question,
          type: q.type,
          submit_label: q.submitLabel ?? null,
        });
        q.choices.forEach((label, choicePosition) =>
          this.rows.survey_choices.push({
            id: newId(),
            hash: newPublicHash(),
            question_id: questionId,
            position: choicePosition,
            label,
          }),
        );
      });
      return surveyId;
    });
    return { videoIds, surveyIds };
  }

  private description(def: TCourseDef, speakerName: string): string {
    const text = CATEGORY_TEXT[def.category];
    return [
      `${def.blurb} ${text.context}`,
      text.practice,
      `Presented by ${speakerName}, this course is designed for dentists, hygienists and the whole dental team. Participants who view the course, complete the evaluation and pass the exam receive a verification of participation for ${def.credits} credit hour${def.credits === 1 ? '' : 's'}.`,
    ].join('\n\n');
  }

  private objectives(def: TCourseDef): string {
    const all = CATEGORY_TEXT[def.category].objectives;
    // Rotate by course so that courses of one subject do not all list the same three.
    const start = this.courseSeq % all.length;
    return [0, 1, 2].map((i) => all[(start + i) % all.length]).join('\n');
  }

  /**
   * One classes row with every column given, so rows of different kinds share one shape.
   * `extra` overrides the defaults of a kind (live, premium, tutorial…).
   */
  private async course(
    def: TCourseDef,
    type: TClassType,
    ceType: number,
    releaseAt: Date,
    extra: Partial<Insertable<DB['classes']>> = {},
  ): Promise<TClassRef> {
    const id = newId();
    const slug = this.classSlug(def.title);
    const category = categoryDef(def.category);
    this.courseSeq += 1;
    const photo = await this.media.image('classes', slug, def.title, category.hue, 'photo');
    const row: Insertable<DB['classes']> = {
      id,
      hash: newPublicHash(),
      slug,
      type_id: type,
      title: def.title,
      blurb: def.blurb,
      description: this.description(def, speakerLabel(def.speaker)),
      lesson_blurb: `Watch the complete lesson, then complete the evaluation and exam to earn ${def.credits} CE credit${def.credits === 1 ? '' : 's'}.`,
      learning_objectives: this.objectives(def),
      photo,
      speaker_id: lookup(this.speakerIds, def.speaker),
      company_id: lookup(this.companyIds, def.company),
      release_at: nowIso(releaseAt),
      duration_min: Math.max(30, Math.round(def.credits * 60)),
      credits: def.credits,
      ce_type_id: ceType,
      agd_code: category.agdCode,
      agd_category: category.agdName,
      course_number: `OCE-${releaseAt.getUTCFullYear()}-${pad(this.courseSeq, 3)}`,
      ca_course_number: null,
      review_date: isoDay(releaseAt),
      expiry_date: isoDay(addYears(releaseAt, 3)),
      capacity: null,
      zoom_code: null,
      youtube_url: youtubeUrl(slug),
      video_url: null,
      pdf_url: null,
      price: null,
      price_list: null,
      price_discount_str: null,
      learnworlds_class_id: null,
      num_lessons: null,
      duration_hours: null,
      exam_delay_min: 0,
      sponsor_video_id: null,
      survey_id: null,
      privacy_title: null,
      privacy_blurb: null,
      privacy_learnmore: null,
      recording_attached_at: null,
      exam_open_mailed_at: null,
      is_tutorial: 0,
      is_ca_dental_board: 0,
      is_published: 1,
      created_at: this.at,
      updated_at: this.at,
      ...extra,
    };
    this.rows.classes.push(row);
    for (const key of new Set([def.category, ...(def.extraCategory ? [def.extraCategory] : [])])) {
      this.rows.class_categories.push({ class_id: id, category_id: lookup(this.categoryIds, key) });
    }
    for (const topic of demoTopics(category.agdCode, def.category, def.title)) {
      this.rows.class_topics.push({ class_id: id, topic_code: topic });
    }
    return {
      id,
      title: def.title,
      credits: def.credits,
      agdCode: category.agdCode,
      category: def.category,
      sponsorVideoId: row.sponsor_video_id ?? null,
      surveyId: row.survey_id ?? null,
    };
  }

  /**
   * A pool of ten questions: the subject's own first, then others in turn so exams differ. Each
   * attempt draws five of them (issue 35), so the next attempt asks five others.
   */
  private pickQuestions(category: TCategoryKey): TQuestionDef[] {
    const own = QUESTION_BANK.filter((q) => q.category === category);
    const others = QUESTION_BANK.filter((q) => q.category !== category);
    const offset = this.examSeq++ * 3;
    const fill = Array.from(
      { length: Math.max(0, DEMO_EXAM_POOL - own.length) },
      (_, i) => others[(offset + i) % others.length]!,
    );
    return [...own, ...fill].slice(0, DEMO_EXAM_POOL);
  }

  exam(target: { class_id: string } | { podcast_id: string }, category: TCategoryKey): TExamRef {
    const examId = newId();
    this.rows.exams.push({
      id: examId,
      class_id: 'class_id' in target ? target.class_id : null,
      podcast_id: 'podcast_id' in target ? target.podcast_id : null,
      min_score: 70,
      draw_count: DEMO_EXAM_DRAW,
      created_at: this.at,
    });
    const questions = this.pickQuestions(category).map((q, position) => {
      const id = newId();
      this.rows.exam_questions.push({
        id,
        exam_id: examId,
        position,
        question: q.question,
        option1: q.options[0],
        option2: q.options[1],
        option3: q.options[2],
        option4: q.options[3],
        option5: null,
        option6: null,
        correct_option: q.correct,
      });
      return { id, correct: q.correct };
    });
    return { id: examId, questions };
  }

  async liveClasses(): Promise<{ refs: TClassRef[]; fullClass: TClassRef; fullCapacity: number }> {
    const refs: TClassRef[] = [];
    let full: { ref: TClassRef; capacity: number } | null = null;
    for (const def of LIVE_COURSES) {
      const ref = await this.course(def, ClassType.LIVE, CeType.LIVE, liveStartAt(this.now, def.start), {
        duration_min: 60,
        capacity: def.capacity,
        zoom_code: def.hasMeetingCode ? meetingCode() : null,
        // The recording is attached after the event (03 §4); until then there is no video.
        youtube_url: null,
        privacy_title: def.privacy?.title ?? null,
        privacy_blurb: def.privacy?.blurb ?? null,
        privacy_learnmore: def.privacy?.learnmore ?? null,
      });
      this.exam({ class_id: ref.id }, def.category);
      refs.push(ref);
      if (def.full && def.capacity) full = { ref, capacity: def.capacity };
    }
    if (!full) throw new Error('Demo data needs one full live class');
    return { refs, fullClass: full.ref, fullCapacity: full.capacity };
  }

  /** The live class that ended three days ago: shown as ARCHIVE until a recording is attached. */
  async archiveClass(): Promise<TClassRef> {
    const releaseAt = shift(startOfMinute(this.now), -3 * DAY_MS);
    const ref = await this.course(ARCHIVE_COURSE, ClassType.ARCHIVE, CeType.SELF_STUDY, releaseAt, {
      duration_min: 60,
      zoom_code: meetingCode(),
      youtube_url: null,
    });
    this.exam({ class_id: ref.id }, ARCHIVE_COURSE.category);
    return ref;
  }

  async onDemandClasses(sponsor: { videoIds: string[]; surveyIds: string[] }): Promise<TClassRef[]> {
    // Several self-study types in turn, so every classroom variant has examples.
    const types: readonly TClassType[] = [
      ClassType.PRODUCED,
      ClassType.MOVIE,
      ClassType.PRODUCED_PLAYBACK,
      ClassType.SLIDESHOW,
      ClassType.PRODUCED,
      ClassType.PDF,
    ];
    // Two video classes without a video, so 'Video Unavailable' can be seen.
    const withoutVideo = new Set([3, 13]);
    // One class's recording is a file the site hosts (with captions), so it can be downloaded
    // for offline (issue 44): a sound file in the video player, as the drill-down's (0613).
    const lecture = await this.media.audio('class-lecture', wavTone(30, 262));
    const refs: TClassRef[] = [];
    for (const [i, def] of ON_DEMAND_COURSES.entries()) {
      const type = types[i % types.length]!;
      // Newest first, three weeks apart: about two years of catalogue, each on its own date.
      const releaseAt = dayAtUtcHour(this.now, -(6 + i * 21), 14 + (i % 5));
      const slug = slugify(def.title);
      const pdfUrl =
        type === ClassType.PDF
          ? await this.media.pdf('classes', slug, def.title, [
              ...this.description(def, speakerLabel(def.speaker)).split('\n\n').slice(0, 2),
              'Learning objectives:',
              ...CATEGORY_TEXT[def.category].objectives.map((o) => `• ${o}`),
            ])
          : null;
      // About half carry a sponsor video, a third a survey: some both, some neither.
      const sponsorVideoId = i % 2 === 0 ? sponsor.videoIds[(i / 2) % sponsor.videoIds.length]! : null;
      const surveyId = i % 3 === 0 ? sponsor.surveyIds[i % sponsor.surveyIds.length]! : null;
      const ref = await this.course(def, type, CeType.SELF_STUDY, releaseAt, {
        youtube_url:
          type === ClassType.PDF || withoutVideo.has(i) || i === HOSTED_CLASS ? null : youtubeUrl(slug),
        video_url: i === HOSTED_CLASS ? lecture : null,
        pdf_url: pdfUrl,
        sponsor_video_id: sponsorVideoId,
        survey_id: surveyId,
        recording_attached_at:
          type === ClassType.PRODUCED_PLAYBACK ? nowIso(shift(releaseAt, 2 * DAY_MS)) : null,
        // Two California-registered courses, so the CA board fields have examples.
        ...(i === 2 || i === 9
          ? { is_ca_dental_board: 1, ca_course_number: `07-${pad(4100 + i, 4)}-${pad(i + 100, 5)}` }
          : {}),
      });
      this.exam({ class_id: ref.id }, def.category);
      refs.push(ref);
    }
    return refs;
  }

  async premiumClasses(): Promise<TClassRef[]> {
    const refs: TClassRef[] = [];
    for (const [i, def] of PREMIUM_COURSES.entries()) {
      const releaseAt = dayAtUtcHour(this.now, -(30 + i * 75), 15);
      refs.push(
        await this.course(def, ClassType.PREMIUM, CeType.SELF_STUDY, releaseAt, {
          duration_min: def.durationHours * 60,
          price: def.price,
          price_list: def.priceList,
          price_discount_str: `Save ${Math.round((1 - def.price / def.priceList) * 100)}%`,
          learnworlds_class_id: def.learnworldsClassId,
          num_lessons: def.numLessons,
          duration_hours: def.durationHours,
          lesson_blurb: `${def.numLessons} lessons, ${def.durationHours} hours of video, one year of access.`,
        }),
      );
    }
    return refs;
  }

  async tutorials(): Promise<TClassRef[]> {
    const refs: TClassRef[] = [];
    for (const [i, def] of TUTORIALS.entries()) {
      const releaseAt = dayAtUtcHour(this.now, -(12 + i * 40), 16);
      const credited = def.credits > 0;
      const ref = await this.course(
        def,
        ClassType.PRODUCED,
        credited ? CeType.SELF_STUDY : CeType.NONE,
        releaseAt,
        {
          is_tutorial: 1,
          duration_min: 20,
          lesson_blurb: credited ? null : 'Product training: this video does not offer CE credit.',
        },
      );
      if (credited) this.exam({ class_id: ref.id }, def.category);
      refs.push(ref);
    }
    return refs;
  }

  async podcasts(): Promise<TEpisodeRef[]> {
    // Three distinct tones reused across episodes: enough to hear, seek and time.
    const tones = [
      { name: 'tone-1', seconds: 24, hz: 220 },
      { name: 'tone-2', seconds: 26, hz: 261.63 },
      { name: 'tone-3', seconds: 28, hz: 196 },
    ];
    const audio = await Promise.all(
      tones.map(async (t) => {
        const wav = wavTone(t.seconds, t.hz);
        return { url: await this.media.audio(t.name, wav), durationSec: wavDurationSec(wav) };
      }),
    );
    const showSlug = uniqueSlugger();
    const episodeSlug = uniqueSlugger();
    const episodes: TEpisodeRef[] = [];
    let n = 0;
    for (const [s, show] of PODCAST_SHOWS.entries()) {
      const showId = newId();
      const slug = showSlug(show.title);
      this.rows.podcast_shows.push({
        id: showId,
        hash: newPublicHash(),
        slug,
        title: show.title,
        company_id: lookup(this.companyIds, show.company),
        photo: await this.media.image('podcast-shows', slug, show.title, show.hue, 'portrait'),
        blurb: show.blurb,
        created_at: this.at,
      });
      for (const [e, ep] of show.episodes.entries()) {
        const id = newId();
        const epSlug = episodeSlug(ep.title);
        const category = categoryDef(ep.category);
        const releaseAt = dayAtUtcHour(this.now, -(3 + s * 5 + e * 18), 11);
        const sound = audio[n++ % audio.length]!;
        this.rows.podcasts.push({
          id,
          hash: newPublicHash(),
          slug: epSlug,
          show_id: showId,
          title: ep.title,
          speaker_id: lookup(this.speakerIds, ep.speaker),
          company_id: lookup(this.companyIds, show.company),
          photo: await this.media.image('podcasts', epSlug, ep.title, show.hue + e * 8, 'portrait'),
          mp3: sound.url,
          blurb: ep.blurb,
          description: ep.description,
          featured_blurb: s === 0 && e === 0 ? `New on ${show.title}: ${ep.blurb}` : null,
          release_at: nowIso(releaseAt),
          duration_sec: sound.durationSec,
          credits: ep.credits,
          ce_type_id: ep.credits > 0 ? CeType.SELF_STUDY : CeType.NONE,
          agd_code: category.agdCode,
          course_number: ep.credits > 0 ? `OCE-${releaseAt.getUTCFullYear()}-P${pad(n, 2)}` : null,
          is_published: 1,
          created_at: this.at,
          updated_at: this.at,
        });
        this.rows.podcast_categories.push({
          podcast_id: id,
          category_id: lookup(this.categoryIds, ep.category),
        });
        for (const topic of demoTopics(category.agdCode, ep.category, ep.title)) {
          this.rows.podcast_topics.push({ podcast_id: id, topic_code: topic });
        }
        if (ep.credits > 0) this.exam({ podcast_id: id }, ep.category);
        episodes.push({
          id,
          title: ep.title,
          credits: ep.credits,
          agdCode: category.agdCode,
          releaseAt,
          category: ep.category,
        });
      }
    }
    return episodes;
  }

  async blogPosts(episodes: TEpisodeRef[]): Promise<string[]> {
    const slugOf = uniqueSlugger();
    // Posts that carry the ad marker, are featured, or point to a podcast episode (by title).
    const withAd = new Set([0, 3]);
    const featured = new Set([0, 1]);
    const podcastFor: Record<number, string> = { 9: 'Ergonomics Check-Up' };
    const ids: string[] = [];
    for (const [i, post] of BLOG_POSTS.entries()) {
      const id = newId();
      const slug = slugOf(post.title);
      const publishedAt = nowIso(dayAtUtcHour(this.now, -(1 + i * 11), 13));
      const body = [
        `<p>${escapeHtml(post.intro)}</p>`,
        withAd.has(i) ? '[[ad]]' : '',
        `<h2>${escapeHtml(post.heading)}</h2>`,
        `<p>${escapeHtml(post.section)}</p>`,
        `<ul>${post.points.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>`,
        `<p>${escapeHtml(post.closing)}</p>`,
      ]
        .filter(Boolean)
        .join('\n');
      const podcastTitle = podcastFor[i];
      this.rows.blog_posts.push({
        id,
        slug,
        title: post.title,
        author: post.author,
        photo: await this.media.image('blog', slug, post.title, categoryDef(post.category).hue + 10, 'photo'),
        blurb: post.blurb,
        body,
        podcast_id: podcastTitle ? (episodes.find((e) => e.title === podcastTitle)?.id ?? null) : null,
        company_id: post.company ? lookup(this.companyIds, post.company) : null,
        published_at: publishedAt,
        updated_at: publishedAt,
        featured: featured.has(i) ? 1 : 0,
        is_published: 1,
        created_at: publishedAt,
      });
      this.rows.blog_post_categories.push({
        blog_post_id: id,
        category_id: lookup(this.categoryIds, post.category),
      });
      ids.push(id);
    }
    return ids;
  }

  /** Banner ads (drill-down pages) and mobile banner sets; returns the banner ad ids. */
  async ads(): Promise<string[]> {
    const bannerIds: string[] = [];
    for (const [sort, ad] of BANNER_ADS.entries()) {
      const id = newId();
      const company = COMPANIES.find((c) => c.key === ad.company)!;
      this.rows.ads.push({
        id,
        hash: newPublicHash(),
        slot_type_id: AdSlotType.DRILLDOWN_BANNER,
        company_id: lookup(this.companyIds, ad.company),
        title: ad.title,
        url: ad.url,
        photo: await this.media.image('ads', slugify(ad.title), ad.title, company.hue, 'banner', 640),
        image_urls: '[]',
        button_text: null,
        blurb: null,
        confirmation_title: null,
        confirmation_message: null,
        sort,
        is_active: 1,
        created_at: this.at,
      });
      bannerIds.push(id);
    }
    // Four widths match the four screen-size breakpoints of bannerImageFor (shared/ads).
    const widths = [480, 720, 960, 1200];
    for (const [sort, ad] of MOBILE_ADS.entries()) {
      const company = COMPANIES.find((c) => c.key === ad.company)!;
      const slug = slugify(ad.title);
      const urls = await Promise.all(
        (ad.imageCount === 4 ? widths : [640]).map((w) =>
          this.media.image('ads', slug, ad.title, company.hue, 'banner', w),
        ),
      );
      this.rows.ads.push({
        id: newId(),
        hash: newPublicHash(),
        slot_type_id: AdSlotType.MOBILE_LIST,
        company_id: lookup(this.companyIds, ad.company),
        title: ad.title,
        url: ad.url,
        photo: urls[0]!,
        image_urls: JSON.stringify(urls),
        button_text: ad.buttonText,
        blurb: ad.blurb,
        confirmation_title: ad.confirmationTitle,
        confirmation_message: ad.confirmationMessage,
        sort,
        is_active: 1,
        created_at: this.at,
      });
    }
    return bannerIds;
  }

  async drilldowns(bannerIds: string[]): Promise<void> {
    const slugOf = uniqueSlugger();
    // The second drill-down (the newest stays a YouTube one) is a self-hosted recording with
    // captions (issue 26): a sound file played in the video player with its poster, as no video
    // encoder is at hand offline (docs/decisions/0613).
    const talk = await this.media.audio('drilldown-talk', wavTone(30, 330));
    for (const [i, d] of DRILLDOWNS.entries()) {
      const slug = slugOf(d.title);
      const postedAt = nowIso(dayAtUtcHour(this.now, -(2 + i * 9), 15));
      this.rows.drilldowns.push({
        id: newId(),
        hash: newPublicHash(),
        slug,
        title: d.title,
        author: d.author,
        posted_at: postedAt,
        blurb: d.blurb,
        description: d.description,
        youtube_url: i === CAPTIONED_DRILLDOWN ? null : youtubeUrl(`drilldown:${slug}`),
        video_url: i === CAPTIONED_DRILLDOWN ? talk : null,
        photo: await this.media.image('drilldowns', slug, d.title, (i * 45) % 360, 'photo'),
        // Every other drill-down shows a banner ad, alternating between the two.
        banner_ad_id: i % 2 === 0 ? (bannerIds[(i / 2) % bannerIds.length] ?? null) : null,
        is_published: 1,
        created_at: postedAt,
      });
    }
  }

  async ebooks(): Promise<void> {
    for (const [sort, book] of EBOOKS.entries()) {
      const slug = slugify(book.title);
      this.rows.ebooks.push({
        id: newId(),
        hash: newPublicHash(),
        title: book.title,
        subtitle: book.subtitle,
        thumbnail: await this.media.image('ebooks', slug, book.title, book.hue, 'portrait'),
        blurb: book.blurb,
        pdf: await this.media.pdf('ebooks', slug, `${book.title}: ${book.subtitle}`, [
          ...book.lines,
          `Provided by ${COMPANIES.find((c) => c.key === book.company)!.name}. Demo content for ${DEFAULT_SETTINGS.brand}.`,
        ]),
        button_text: book.buttonText,
        company_id: lookup(this.companyIds, book.company),
        sort,
        is_published: 1,
        created_at: this.at,
      });
    }
  }

  featured(pick: {
    classId: string;
    classBlurb: string;
    podcastId: string;
    podcastBlurb: string;
    blogPostId: string;
  }): void {
    const base = { class_id: null, podcast_id: null, blog_post_id: null, updated_at: this.at };
    this.rows.featured_content.push(
      { ...base, slot_type_id: AdSlotType.FEATURED_CLASS, class_id: pick.classId, blurb: pick.classBlurb },
      {
        ...base,
        slot_type_id: AdSlotType.FEATURED_PODCAST,
        podcast_id: pick.podcastId,
        blurb: pick.podcastBlurb,
      },
      { ...base, slot_type_id: AdSlotType.FEATURED_BLOG, blog_post_id: pick.blogPostId, blurb: null },
    );
  }

  /** The demo member (full profile), the staff account and the members who fill the full class. */
  async members(): Promise<{ demo: TMemberRef; staff: TMemberRef; extras: TMemberRef[] }> {
    const extrasData = [
      { firstname: 'Alex', lastname: 'Rivera', job: 'Dental Hygienist', state: 'CA' },
      { firstname: 'Brooke', lastname: 'Chen', job: 'Dental Assistant', state: 'TX' },
      { firstname: 'Carlos', lastname: 'Mendes', job: 'Dentist', state: 'FL' },
      { firstname: 'Dina', lastname: 'Patel', job: 'Office Manager', state: 'IL' },
      { firstname: 'Evan', lastname: 'Novak', job: 'Dental Hygienist', state: 'WA' },
    ];
    type TMemberInput = Omit<
      Insertable<DB['members']>,
      'id' | 'hash' | 'username_key' | 'email_key' | 'password_hash'
    > & {
      password: string;
    };
    const empty = {
      email2: null,
      title: null,
      firstname: null,
      lastname: null,
      job_title: null,
      office_name: null,
      address: null,
      city: null,
      state: null,
      zip: null,
      phone: null,
      gender: null,
      age_range: null,
      office_size: null,
      source_heard: null,
      country: 'US',
      cert_year: null,
      agd_number: null,
      time_zone: null,
      is_phone_mobile: 0,
      hide_agd_reminder: 0,
      created_at: this.at,
      updated_at: this.at,
      erased_at: null,
    } satisfies Partial<Insertable<DB['members']>>;
    const inputs: TMemberInput[] = [
      {
        ...empty,
        role: 'member',
        username: DEMO_MEMBER.username,
        email: DEMO_MEMBER.email,
        password: DEMO_MEMBER.password,
        title: 'Dr.',
        firstname: 'Dana',
        lastname: 'Demo',
        job_title: 'Dentist',
        office_name: 'Demo Family Dentistry',
        address: '200 Park Avenue South, Suite 1100',
        city: 'New York',
        state: 'NY',
        zip: '10003',
        phone: '2125550142',
        is_phone_mobile: 1,
        gender: 'F',
        age_range: '35-44',
        office_size: '2-3',
        source_heard: 'Colleague or friend',
        cert_year: 2012,
        agd_number: '123456',
        time_zone: DEMO_TIME_ZONE,
        // Not confirmed yet: the profile offers its link, and a report does not match it (0931).
        email2: 'dana.home@demo.opence.test',
      },
      {
        ...empty,
        role: 'staff',
        username: DEMO_STAFF.username,
        email: DEMO_STAFF.email,
        password: DEMO_STAFF.password,
        title: 'Ms.',
        firstname: 'Sam',
        lastname: 'Staff',
        job_title: 'Other',
        time_zone: DEMO_TIME_ZONE,
      },
      ...extrasData.map((x, i): TMemberInput => ({
        ...empty,
        role: 'member',
        username: `waitlist.member${i + 1}`,
        email: `waitlist.member${i + 1}@demo.opence.test`,
        // Nobody signs in as these; a random password keeps the accounts closed.
        password: newSecretToken(),
        // The first confirmed a home e-mail, which a participant report then matches (0931).
        ...(i === 0 ? { email2: 'alex.home@demo.opence.test', email2_verified_at: this.at } : {}),
        title: i % 2 === 0 ? 'Mr.' : 'Ms.',
        firstname: x.firstname,
        lastname: x.lastname,
        job_title: x.job,
        state: x.state,
        country: 'US',
      })),
    ];
    // scrypt runs on the libuv pool, so hashing in parallel keeps seeding fast.
    const hashes = await Promise.all(inputs.map((m) => hashPassword(m.password)));
    const refs = inputs.map(({ password: _password, ...m }, i) => {
      const id = newId();
      this.rows.members.push({
        ...m,
        id,
        hash: newPublicHash(),
        username_key: m.username.toLowerCase(),
        email_key: m.email.toLowerCase(),
        password_hash: hashes[i]!,
      });
      return { id, username: m.username };
    });
    const [demo, staff, ...extras] = refs;
    this.rows.member_totp.push({
      member_id: staff!.id,
      secret: DEMO_STAFF.totpSecret,
      confirmed_at: this.at,
      last_step: null,
      created_at: this.at,
    });
    return { demo: demo!, staff: staff!, extras };
  }

  private seat(classId: string, memberId: string, createdAt: Date, isWaiting: boolean): void {
    this.rows.seats.push({
      id: newId(),
      class_id: classId,
      member_id: memberId,
      cancel_code: newPublicHash(),
      privacy_optin: null,
      started_at: null,
      attended: null,
      promoted_at: null,
      is_waiting: isWaiting ? 1 : 0,
      created_at: nowIso(createdAt),
    });
  }

  /** Fills the full class to capacity and puts the rest of the extra members on its waitlist. */
  fillFullClass(classId: string, capacity: number, extras: TMemberRef[]): void {
    const firstBooking = shift(this.now, -3 * DAY_MS);
    extras.forEach((m, i) => this.seat(classId, m.id, shift(firstBooking, i * HOUR_MS), i >= capacity));
  }

  /** Questions sent in advance to a webinar, one answered (issue 42). */
  webinarQuestions(classId: string, askers: TMemberRef[], staffId: string): void {
    const rows = demoQuestionRows({ classId, askers, staffId, now: this.now });
    this.rows.webinar_questions.push(...rows.webinar_questions);
    this.rows.question_votes.push(...rows.question_votes);
  }

  /**
   * Webinar evidence (issue 42): the demo member's webinar about to start has a credit rule, a
   * warm-up poll the presenter ran in the lobby (answered by the member) and two polls prepared
   * for the talk, which staff open from the console's "Run the webinar".
   */
  webinarEvidence(classId: string, member: TMemberRef): void {
    const webinar = this.rows.classes.find((c) => c.id === classId);
    if (!webinar) throw new Error('Demo data needs the live class for its polls');
    Object.assign(webinar, { credit_min_minutes: 45, credit_min_polls: 2, credit_below: 'self_study' });
    const polls: [string, string[]][] = [
      ['Warm-up: where are you joining from?', ['The practice', 'Home', 'On the road']],
      [
        'How often do you take bitewings for a low-risk adult?',
        ['Every 6 months', 'Every 12 months', 'Every 24–36 months'],
      ],
      [
        'Which fluoride varnish do you use most?',
        ['5% NaF', '1.23% APF gel', 'Silver diamine fluoride', 'None'],
      ],
    ];
    const warmUp = shift(startOfMinute(this.now), -20 * MINUTE_MS);
    polls.forEach(([question, choices], i) => {
      const id = newId();
      this.rows.webinar_polls.push({
        id,
        class_id: classId,
        question,
        choices: JSON.stringify(choices),
        position: i + 1,
        opened_at: i === 0 ? nowIso(warmUp) : null,
        closed_at: i === 0 ? nowIso(shift(warmUp, 5 * MINUTE_MS)) : null,
        created_at: this.at,
      });
      if (i === 0)
        this.rows.webinar_poll_answers.push({
          poll_id: id,
          member_id: member.id,
          choice: 0,
          answered_at: nowIso(shift(warmUp, 70_000)),
        });
    });
  }

  /**
   * A past live webinar the demo member attended (issue 42): joined two minutes in, both polls
   * answered, credited live and kept with its evidence, so the verify page shows that section.
   * A confirmed participant report backs it, so the delivery is verified (siteDelivery).
   */
  async pastWebinar(member: TMemberRef): Promise<void> {
    const releaseAt = dayAtUtcHour(this.now, -9, 17);
    const rule: TCreditRule = { minMinutes: 45, minPolls: 2, below: 'self_study' };
    const ref = await this.course(PAST_WEBINAR_COURSE, ClassType.LIVE, CeType.LIVE, releaseAt, {
      duration_min: 60,
      zoom_code: meetingCode(),
      youtube_url: null,
      credit_min_minutes: rule.minMinutes,
      credit_min_polls: rule.minPolls,
      credit_below: rule.below,
    });
    const exam = this.exam({ class_id: ref.id }, PAST_WEBINAR_COURSE.category);
    const joined = shift(releaseAt, 2 * MINUTE_MS);
    const end = shift(releaseAt, 60 * MINUTE_MS);
    // The participant report staff imported and confirmed after the webinar (issue 35's import).
    const importId = newId();
    this.rows.attendance_imports.push({
      id: importId,
      class_id: ref.id,
      status: 'confirmed',
      file_name: 'participants.csv',
      row_count: 1,
      threshold_min: 45,
      threshold_pct: 75,
      unmatched: '[]',
      created_by: null,
      created_at: nowIso(shift(end, 2 * HOUR_MS)),
      confirmed_at: nowIso(shift(end, 2 * HOUR_MS + 5 * MINUTE_MS)),
    });
    this.rows.attendance_records.push({
      import_id: importId,
      member_id: member.id,
      email: 'member@demo.opence.test',
      name: 'Demo Member',
      minutes: 58,
      is_live: 1,
      presence: JSON.stringify([{ from: nowIso(joined), to: nowIso(end) }]),
    });
    const polls: [string, string[], number][] = [
      ['When do you place a rubber dam?', ['Endodontics only', 'Most restorations', 'Always'], 15],
      ['Which clamp do you reach for first on a molar?', ['Winged', 'Wingless', 'It depends'], 40],
    ];
    const kept = polls.map(([question, choices, minute], i) => {
      const id = newId();
      const openedAt = nowIso(shift(releaseAt, minute * MINUTE_MS));
      const closedAt = nowIso(shift(releaseAt, (minute + 3) * MINUTE_MS));
      const answeredAt = nowIso(shift(releaseAt, minute * MINUTE_MS + 50_000));
      this.rows.webinar_polls.push({
        id,
        class_id: ref.id,
        question,
        choices: JSON.stringify(choices),
        position: i + 1,
        opened_at: openedAt,
        closed_at: closedAt,
        created_at: nowIso(shift(releaseAt, -DAY_MS)),
      });
      this.rows.webinar_poll_answers.push({
        poll_id: id,
        member_id: member.id,
        choice: 2,
        answered_at: answeredAt,
      });
      return { question, openedAt, closedAt, answeredAt };
    });
    const minutesPresent = (end.getTime() - joined.getTime()) / MINUTE_MS;
    const { decision, reason } = webinarCreditDecision({
      rule,
      minutesPresent,
      pollsOpened: kept.length,
      pollsAnswered: kept.length,
    });
    const evidence: TWebinarEvidence = {
      kind: 'webinar',
      ruleText: creditRuleText(rule),
      decision,
      reason,
      presence: [{ from: nowIso(joined), to: nowIso(end), source: PRESENCE_SOURCE_LABEL.report }],
      minutesPresent,
      minutesSource: 'report',
      polls: kept,
      pollsOpened: kept.length,
      pollsAnswered: kept.length,
    };
    this.completion(member.id, { class_id: ref.id }, ref, exam, shift(end, 25 * MINUTE_MS), 0, {
      ce_type_id: CeType.LIVE,
      delivery: 'live_webinar_verified',
      evidence: JSON.stringify(evidence),
    });
  }

  /**
   * What the demo member has done: a seat on the webinar about to start, two classes to watch
   * later, one in progress, and one class and one podcast completed with certificates.
   */
  demoMemberActivity(
    member: TMemberRef,
    p: {
      liveSoon: TClassRef;
      queued: TClassRef[];
      inProgress: TClassRef;
      completedClass: { ref: TClassRef; exam: TExamRef };
      completedPodcast: { ref: TEpisodeRef; exam: TExamRef };
    },
  ): void {
    this.seat(p.liveSoon.id, member.id, shift(this.now, -DAY_MS), false);
    p.queued.forEach((c, i) =>
      this.rows.queue_items.push({
        id: newId(),
        member_id: member.id,
        class_id: c.id,
        created_at: nowIso(shift(this.now, -(5 - i * 3) * DAY_MS)),
      }),
    );

    const viewedAt = shift(this.now, -2 * DAY_MS);
    this.rows.gradebook.push(this.gradebookRow(member.id, { class_id: p.inProgress.id }, viewedAt, null));
    this.rows.class_views.push({
      id: newId(),
      class_id: p.inProgress.id,
      member_id: member.id,
      viewed_at: nowIso(viewedAt),
    });

    const classDone = shift(startOfMinute(this.now), -6 * DAY_MS - 5 * HOUR_MS);
    this.rows.class_views.push({
      id: newId(),
      class_id: p.completedClass.ref.id,
      member_id: member.id,
      viewed_at: nowIso(shift(classDone, -75 * MINUTE_MS)),
    });
    this.completion(
      member.id,
      { class_id: p.completedClass.ref.id },
      p.completedClass.ref,
      p.completedClass.exam,
      classDone,
      1,
    );

    const podcastDone = shift(startOfMinute(this.now), -19 * DAY_MS - 2 * HOUR_MS);
    this.rows.podcast_plays.push({
      id: newId(),
      podcast_id: p.completedPodcast.ref.id,
      member_id: member.id,
      source: null,
      played_at: nowIso(shift(podcastDone, -40 * MINUTE_MS)),
    });
    this.completion(
      member.id,
      { podcast_id: p.completedPodcast.ref.id },
      p.completedPodcast.ref,
      p.completedPodcast.exam,
      podcastDone,
      0,
    );
  }

  private gradebookRow(
    memberId: string,
    target: { class_id: string } | { podcast_id: string },
    viewedAt: Date,
    completedAt: Date | null,
  ): Insertable<DB['gradebook']> {
    return {
      id: newId(),
      member_id: memberId,
      class_id: 'class_id' in target ? target.class_id : null,
      podcast_id: 'podcast_id' in target ? target.podcast_id : null,
      ce_type_id: CeType.SELF_STUDY,
      view_count: 1,
      last_viewed_at: nowIso(viewedAt),
      eval_taken_at: completedAt ? nowIso(shift(completedAt, -10 * MINUTE_MS)) : null,
      sponsor_answered_at: null,
      survey_done_at: null,
      started_at: null,
      ended_at: null,
      attended: null,
      completed_at: completedAt ? nowIso(completedAt) : null,
      created_at: nowIso(viewedAt),
    };
  }

  /**
   * A passed exam and everything that goes with it (03 §6): gradebook row, evaluation, exam
   * attempt counted on the member's local day, and the completion with its certificate number.
   */
  private completion(
    memberId: string,
    target: { class_id: string } | { podcast_id: string },
    item: { credits: number; agdCode: string },
    exam: TExamRef,
    completedAt: Date,
    wrongAnswers: number,
    credit: Partial<Insertable<DB['completions']>> = {},
  ): void {
    const viewedAt = shift(completedAt, -75 * MINUTE_MS);
    this.rows.gradebook.push(this.gradebookRow(memberId, target, viewedAt, completedAt));
    this.rows.evaluations.push({
      id: newId(),
      member_id: memberId,
      class_id: 'class_id' in target ? target.class_id : null,
      podcast_id: 'podcast_id' in target ? target.podcast_id : null,
      course_objectives: 4,
      course_useful: 4,
      course_appropriate: 4,
      course_logical: 3,
      instructor_communication: 4,
      instructor_preparedness: 4,
      instructor_effectiveness: 3,
      site_presentation: 4,
      site_navigation: 3,
      site_comparison: 4,
      comments: 'Clear and practical. The case examples were very helpful.',
      other_topics: 'More on digital workflows, please.',
      created_at: nowIso(shift(completedAt, -10 * MINUTE_MS)),
    });

    // Selected option numbers of the drawn page, as grade-exam receives them (02 §7).
    const asked = exam.questions.slice(0, DEMO_EXAM_DRAW);
    const answers = asked.map((q, i) => (i < asked.length - wrongAnswers ? q.correct : (q.correct % 4) + 1));
    const correct = answers.filter((a, i) => a === asked[i]!.correct).length;
    const score = Math.round((correct / asked.length) * 100);
    const day = localDay(completedAt, DEMO_TIME_ZONE);
    const attemptId = newId();
    this.rows.exam_attempts.push({
      id: attemptId,
      exam_id: exam.id,
      member_id: memberId,
      answers: JSON.stringify(answers),
      score,
      local_day: day,
      counts_toward_limit: 1,
      passed: 1,
      created_at: nowIso(completedAt),
    });
    const dayCount = this.rows.exam_day_counts.find((r) => r.member_id === memberId && r.local_day === day);
    if (dayCount) dayCount.submitted += 1;
    else this.rows.exam_day_counts.push({ member_id: memberId, local_day: day, submitted: 1 });

    const completionId = newId();
    // Each demo certificate's Open Badges credential, issued with it (issue 40, decision 1130).
    this.rows.open_badges.push({
      completion_id: completionId,
      credential_id: `urn:uuid:${randomUUID()}`,
      status_index: this.rows.open_badges.length,
      issued_at: nowIso(completedAt),
    });
    this.rows.completions.push({
      id: completionId,
      member_id: memberId,
      class_id: 'class_id' in target ? target.class_id : null,
      podcast_id: 'podcast_id' in target ? target.podcast_id : null,
      exam_attempt_id: attemptId,
      completed_at: nowIso(completedAt),
      score,
      credits: item.credits,
      ce_type_id: CeType.SELF_STUDY,
      agd_code: item.agdCode,
      certificate_number: newPublicHash(),
      delivery: 'podcast_id' in target ? 'podcast' : 'on_demand',
      certificate_issues: 0,
      agd_submission_id: null,
      agd_submitted_at: null,
      created_at: nowIso(completedAt),
      ...credit,
    });
  }

  examFor(target: { classId: string } | { podcastId: string }): TExamRef {
    const exam = this.rows.exams.find((e) =>
      'classId' in target ? e.class_id === target.classId : e.podcast_id === target.podcastId,
    );
    if (!exam) throw new Error('Demo data: no exam for the completed item');
    const questions = this.rows.exam_questions
      .filter((q) => q.exam_id === exam.id)
      .sort((a, b) => a.position - b.position)
      .map((q) => ({ id: q.id, correct: q.correct_option }));
    return { id: exam.id, questions };
  }

  /**
   * In-person events (issues 25, 35): the study club DEMO25, held yesterday and so claimable now
   * (claims run from an event's start to 30 days after it, decision 1042), and NEXT27 in two
   * weeks, which refuses claims until it starts.
   */
  inPersonEvents(): void {
    const at = this.now.getTime();
    this.inPersonEvent({
      slug: 'study-club-periodontal-maintenance',
      title: 'Study Club: Periodontal Maintenance in Practice',
      place: 'Harbor Hotel, Ballroom B, Chicago',
      description: 'Recall intervals, risk assessment and the hygienist’s role in maintenance.',
      startsAt: new Date(at - DAY_MS),
      agdCode: '490',
      courseNumber: 'SC-DEMO-25',
      topic: 'agd_490',
      code: 'DEMO25',
      speaker: 'alvarez',
      company: 'perioguard',
    });
    this.inPersonEvent({
      slug: 'lunch-and-learn-infection-control-update',
      title: 'Lunch & Learn: Infection Control Update',
      place: 'Lakeside Dental Society, Room 3, Milwaukee',
      description: 'What changed in instrument reprocessing and waterline testing this year.',
      startsAt: new Date(at + 14 * DAY_MS),
      agdCode: '148',
      courseNumber: 'LL-DEMO-27',
      topic: 'infection_control',
      code: 'NEXT27',
      speaker: 'okafor',
      company: 'sterilux',
    });
    // Issue 41: the in-person sessions a renewal plan needs beside the webinars and on-demand
    // classes: a BLS skills session (a card only an in-person course gives), California's law and
    // opioid hours, a full day face to face, and Florida's medical-errors course.
    const renewal: [number, string, string, string, number, string[], string, TSpeakerKey, TCompanyKey][] = [
      [
        10,
        'BLS for Healthcare Providers: Skills Session',
        'Capitol Training Center, Sacramento',
        '142',
        4,
        ['cpr_bls'],
        'BLS10',
        'whitfield',
        'sterilux',
      ],
      [
        11,
        'California Dental Practice Act and Opioid Prescribing',
        'Capitol Training Center, Sacramento',
        '550',
        4,
        ['ethics_jurisprudence', 'opioid_controlled_substances'],
        'LAW11',
        'becker',
        'molarity',
      ],
      [
        12,
        'Endodontics Day: Hands-On Rotary Shaping and Obturation',
        'Bay Dental Society, Oakland',
        '070',
        8,
        ['agd_070'],
        'ENDO12',
        'raman',
        'brightsmile',
      ],
      [
        15,
        'Patient Safety: Preventing Medical Errors',
        'Tampa Bay Dental Association, Tampa',
        '149',
        2,
        ['medical_errors'],
        'SAFE15',
        'okafor',
        'sterilux',
      ],
    ];
    for (const [days, title, place, agdCode, credits, topics, code, speaker, company] of renewal) {
      this.inPersonEvent({
        slug: code.toLowerCase(),
        title,
        place,
        description: title,
        // At 16:00 UTC (morning in California, noon in Florida), not at the seed's minute.
        startsAt: new Date(Math.floor(at / DAY_MS + days) * DAY_MS + 16 * 3_600_000),
        agdCode,
        courseNumber: `${code}-DEMO`,
        topic: topics[0]!,
        extraTopics: topics.slice(1),
        credits,
        code,
        speaker,
        company,
      });
    }
  }

  private inPersonEvent(e: {
    slug: string;
    title: string;
    place: string;
    description: string;
    startsAt: Date;
    agdCode: string;
    courseNumber: string;
    topic: string;
    extraTopics?: string[];
    /** Credit hours, and as many hours long; 2 without. */
    credits?: number;
    code: string;
    speaker: TSpeakerKey;
    company: TCompanyKey;
    /** Scan-in and scan-out with this minimum presence in minutes (issue 42). */
    minPresenceMin?: number;
  }): { eventId: string; classId: string } {
    const id = newId();
    this.rows.classes.push({
      id,
      hash: newPublicHash(),
      slug: e.slug,
      type_id: ClassType.SEMINAR,
      ce_type_id: CeType.LIVE,
      title: e.title,
      // The claim page shows who spoke and who sponsored it (issue 36).
      speaker_id: lookup(this.speakerIds, e.speaker),
      company_id: lookup(this.companyIds, e.company),
      blurb: e.place,
      description: e.description,
      release_at: e.startsAt.toISOString(),
      duration_min: (e.credits ?? 2) * 60,
      credits: e.credits ?? 2,
      agd_code: e.agdCode,
      course_number: e.courseNumber,
      youtube_url: null,
      is_published: 0,
      created_at: this.at,
      updated_at: this.at,
    });
    // Its topics are the class's topic tags, as on any class (the tracker counts them).
    for (const topic of [e.topic, ...(e.extraTopics ?? [])])
      this.rows.class_topics.push({ class_id: id, topic_code: topic });
    const eventId = newId();
    this.rows.in_person_events.push({
      id: eventId,
      class_id: id,
      code: e.code,
      place: e.place,
      capacity: null,
      created_by: null,
      created_at: this.at,
      ...(e.minPresenceMin
        ? { is_scanning: 1, min_presence_min: e.minPresenceMin, scan_secret: newSecretToken() }
        : {}),
    });
    return { eventId, classId: id };
  }

  /**
   * Issue 42: SCAN42, a study club that started three hours ago with scanning on (90 minutes'
   * presence): one member in and out by the door codes (credit), one whose missed exit staff
   * added with a reason (credit), one still without an exit, and one whose early exit staff
   * removed. The demo member has no scan, so the door screen's codes can be tried with them.
   */
  scanningEvent(extras: readonly TMemberRef[], staffId: string): void {
    const start = this.now.getTime() - 3 * HOUR_MS;
    const { eventId, classId } = this.inPersonEvent({
      slug: 'study-club-scan-in-scan-out',
      title: 'Study Club: Caries Risk Assessment in Practice',
      place: 'Riverside Conference Center, Room 2, Boston',
      description: 'CAMBRA in the hygiene chair: risk categories, recall and fluoride varnish.',
      startsAt: new Date(start),
      agdCode: '430',
      courseNumber: 'SC-DEMO-42',
      topic: 'agd_430',
      code: 'SCAN42',
      speaker: 'alvarez',
      company: 'perioguard',
      minPresenceMin: 90,
    });
    const at = (minutes: number) => nowIso(new Date(start + minutes * MINUTE_MS));
    const scan = (
      member: TMemberRef,
      direction: 'in' | 'out',
      minutes: number,
      how: { method?: 'code' | 'correction'; reason?: string; removedReason?: string } = {},
    ) =>
      this.rows.event_scans.push({
        id: newId(),
        event_id: eventId,
        member_id: member.id,
        direction,
        scanned_at: at(minutes),
        method: how.method ?? 'code',
        reason: how.reason ?? null,
        staff_id: how.method === 'correction' ? staffId : null,
        removed_at: how.removedReason ? at(minutes + 20) : null,
        removed_by: how.removedReason ? staffId : null,
        removed_reason: how.removedReason ?? null,
        created_at: how.method === 'correction' ? at(150) : at(minutes),
      });
    const credit = (member: TMemberRef, minutes: number) => {
      const completionId = newId();
      this.rows.completions.push({
        id: completionId,
        member_id: member.id,
        class_id: classId,
        podcast_id: null,
        exam_attempt_id: null,
        completed_at: at(minutes),
        score: 100,
        credits: 2,
        ce_type_id: CeType.LIVE,
        agd_code: '430',
        certificate_number: newPublicHash(),
        delivery: 'in_person',
        certificate_issues: 0,
        agd_submission_id: null,
        agd_submitted_at: null,
        created_at: at(minutes),
      });
      this.rows.event_claims.push({
        event_id: eventId,
        member_id: member.id,
        completion_id: completionId,
        created_at: at(minutes),
      });
    };
    const [onTime, missedExit, stillIn, earlyExit] = extras;
    if (!onTime || !missedExit || !stillIn || !earlyExit)
      throw new Error('Demo data: four extra members needed');
    scan(onTime, 'in', 0);
    scan(onTime, 'out', 115);
    credit(onTime, 115);
    scan(missedExit, 'in', 2);
    scan(missedExit, 'out', 110, {
      method: 'correction',
      reason: 'Left by the side door during the break-out; the desk saw her leave at the end.',
    });
    credit(missedExit, 150);
    scan(stillIn, 'in', 5);
    scan(earlyExit, 'in', 1);
    scan(earlyExit, 'out', 30, {
      removedReason: 'Scanned the exit code by mistake on the way to the coffee break.',
    });
  }

  counts(): Record<string, number> {
    return Object.fromEntries(SEED_TABLES.map((t) => [t, this.rows[t].length]));
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Rows of one insert must share their columns; demo rows mostly do, but this makes sure. */
function groupByColumns<R extends object>(rows: readonly R[]): R[][] {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

// Well under SQLite's and PostgreSQL's bound-parameter limits even for the widest table.
const ROWS_PER_INSERT = 100;

async function insertRows<T extends TSeedTable>(
  trx: Transaction<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
) {
  for (const group of groupByColumns(rows)) {
    for (let i = 0; i < group.length; i += ROWS_PER_INSERT) {
      // Kysely cannot check a value list against a table chosen at run time; the builder typed each row.
      await trx
        .insertInto(table)
        .values(group.slice(i, i + ROWS_PER_INSERT) as never)
        .execute();
    }
  }
}

/** The drill-down seeded as a captioned, self-hosted recording (issue 26). */
const CAPTIONED_DRILLDOWN = 1;
/** The on-demand class (by ON_DEMAND_COURSES order) whose recording the site hosts. */
const HOSTED_CLASS = 1;

class AlreadySeeded extends Error {}

async function hasMembers(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('members').select('id').limit(1).executeTakeFirst()) !== undefined;
}

async function buildDemo(
  builder: DemoBuilder,
): Promise<{ demo: TMemberRef; staff: TMemberRef; extras: TMemberRef[] }> {
  await builder.directory();
  const sponsor = builder.sponsorMaterial();
  const live = await builder.liveClasses();
  await builder.archiveClass();
  const onDemand = await builder.onDemandClasses(sponsor);
  await builder.premiumClasses();
  await builder.tutorials();
  const episodes = await builder.podcasts();
  const blogIds = await builder.blogPosts(episodes);
  const bannerIds = await builder.ads();
  await builder.drilldowns(bannerIds);
  await builder.ebooks();

  // onDemand[0] is the newest and has a video; episodes[0] carries the featured blurb.
  const featuredClass = onDemand[0]!;
  const featuredEpisode = episodes[0]!;
  builder.featured({
    classId: featuredClass.id,
    classBlurb: ON_DEMAND_COURSES[0]!.blurb,
    podcastId: featuredEpisode.id,
    podcastBlurb: PODCAST_SHOWS[0]!.episodes[0]!.blurb,
    blogPostId: blogIds[0]!,
  });

  builder.inPersonEvents();
  const members = await builder.members();
  builder.scanningEvent(members.extras, members.staff.id);
  builder.fillFullClass(live.fullClass.id, live.fullCapacity, members.extras);
  // Questions sent in advance to the children's caries webinar, four days out (issue 42).
  builder.webinarQuestions(live.refs[3]!.id, members.extras, members.staff.id);

  // Classes picked for the demo member have no sponsor video or survey (odd indexes not divisible
  // by 3), so their recorded progress is complete without sponsor answers.
  const completedClass = onDemand[7]!;
  const completedEpisode = episodes.find((e) => e.credits >= 1)!;
  builder.demoMemberActivity(members.demo, {
    liveSoon: live.refs[0]!,
    queued: [onDemand[2]!, onDemand[8]!],
    inProgress: onDemand[1]!,
    completedClass: { ref: completedClass, exam: builder.examFor({ classId: completedClass.id }) },
    completedPodcast: { ref: completedEpisode, exam: builder.examFor({ podcastId: completedEpisode.id }) },
  });
  builder.webinarEvidence(live.refs[0]!.id, members.demo);
  await builder.pastWebinar(members.demo);
  return members;
}

/**
 * The demo's provider (decision 1004): plausible values, each marked as demo, and an approval
 * period around the seeding day (from the 1st of this month a year ago, three years long), so the
 * demo issues certificates and they say what they are. A real install keeps the defaults, which
 * refuse certificates until staff enter their own.
 */
export function demoProviderSettings(now: Date): Record<string, string> {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  return {
    providerName: 'OpenCE Continuing Dental Education (demo provider)',
    providerContact: 'OpenCE demo site: not an approved CE provider · support@example.com',
    agdPaceProviderId: 'DEMO 214365',
    agdApprovalStart: day(new Date(Date.UTC(year - 1, month, 1))),
    agdApprovalEnd: day(new Date(Date.UTC(year + 2, month, 0))),
    agdApprovalStatement:
      'DEMO: this demo shows how an AGD PACE approval statement appears. OpenCE Continuing Dental Education (demo provider) is not approved by the Academy of General Dentistry; certificates from this demo carry no credit.',
    adaCerpStatement: '',
    ukCpdStatement: '',
    signatoryName: 'Dr. Maria Alvarez (demo signatory)',
    signatoryTitle: 'Director of Continuing Education, demo provider',
    signatureImage: `/media/${DEMO_SIGNATURE_KEY}`,
  };
}

/** A handwritten-looking signature, drawn as the PNG an upload would be stored as. */
async function storeDemoSignature(storage: TStorage): Promise<void> {
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160" viewBox="0 0 600 160">',
    '<path d="M20 110 C 40 30, 70 30, 60 100 S 90 150, 110 80 C 120 50, 135 60, 130 100 C 128 120, 150 118, 165 90',
    ' C 175 70, 185 75, 185 95 C 185 115, 205 112, 215 85 C 222 65, 238 70, 236 95 C 234 118, 258 112, 270 80',
    ' M 300 100 C 320 40, 350 40, 345 95 C 342 125, 372 118, 385 85 C 395 60, 410 70, 405 100 C 402 120, 430 110, 445 80',
    ' C 455 60, 470 65, 468 92 C 466 118, 500 110, 520 70 C 530 50, 560 60, 580 75"',
    ' fill="none" stroke="#1b2a5c" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  ].join('');
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  await storage.put(DEMO_SIGNATURE_KEY, png, 'image/png');
}

/**
 * Seeds the demo content when the database has no members yet; otherwise does nothing and
 * returns null. Media files are written to storage first; all rows go in one transaction.
 */
export async function seedDemoContent(
  db: Kysely<DB>,
  storage: TStorage,
  now: Date = new Date(),
  privateFiles?: TStorage,
): Promise<TSeedResult | null> {
  if (await hasMembers(db)) return null;

  const media = createMedia(storage);
  const builder = new DemoBuilder(now, media);
  const members = await buildDemo(builder);
  await media.imagesStored();
  await storeDemoSignature(storage);
  // The CE tracker: the demo member's licence and an uploaded certificate (issue 23).
  const tracker = await demoTrackerRows(members.demo.id, now, privateFiles);
  builder.rows.tracker_licences.push(...tracker.licences);
  builder.rows.tracker_certificates.push(tracker.certificate);
  // A second licence (issue 35: one licence list), so certificates show the choice of licences.
  builder.rows.tracker_licences.push({
    id: newId(),
    member_id: members.demo.id,
    state: 'NY',
    licence_type: 'dentist',
    licence_number: '012345 (demo)',
    period_start: `${now.getUTCFullYear() - 1}-01-01`,
    period_end: `${now.getUTCFullYear() + 1}-12-31`,
    carry_over_hours: 0,
    holds_dea: 0,
    created_at: nowIso(now),
    updated_at: nowIso(now),
  });

  // The demo office (issue 43): the demo member manages a hygienist and an assistant; a second
  // office with its own manager is in the demo organisation (DSO) with it.
  const [alex, brooke, carlos, dina, evan] = members.extras;
  const office = demoOfficeRows(now, members.demo, alex!, brooke!, {
    manager: dina!,
    dentist: carlos!,
    hygienist: evan!,
  });
  builder.rows.organisations.push(...office.organisations);
  builder.rows.organisation_managers.push(...office.organisationManagers);
  builder.rows.tracker_licences.push(...office.licences);
  builder.rows.offices.push(...office.offices);
  builder.rows.office_members.push(...office.members);
  builder.rows.office_assignments.push(...office.assignments);

  try {
    const reference = await db.transaction().execute(async (trx) => {
      // Another process may have seeded while the media were being written.
      if (await hasMembers(trx)) throw new AlreadySeeded();
      const inserted = await seedReferenceData(trx, now);
      for (const [key, value] of Object.entries(demoProviderSettings(now))) {
        await trx
          .updateTable('settings')
          .set({ value, updated_at: nowIso(now) })
          .where('key', '=', key)
          .execute();
      }
      for (const table of SEED_TABLES) await insertRows(trx, table, builder.rows[table]);
      await seedMediaText(trx, {
        drilldownHash: builder.rows.drilldowns.find((d) => d.video_url)?.hash ?? null,
        classHash: builder.rows.classes.find((c) => c.video_url)?.hash ?? null,
        episodes: builder.rows.podcasts.map((p) => ({ hash: p.hash, title: p.title })),
        at: nowIso(now),
      });
      return inserted;
    });
    return {
      member: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
      staff: {
        username: DEMO_STAFF.username,
        password: DEMO_STAFF.password,
        totpSecret: DEMO_STAFF.totpSecret,
      },
      counts: { ...reference, ...builder.counts() },
    };
  } catch (error) {
    // Losing a race with a concurrent seeder is not an error: the content exists.
    if (error instanceof AlreadySeeded || isUniqueViolation(error)) return null;
    throw error;
  }
}
