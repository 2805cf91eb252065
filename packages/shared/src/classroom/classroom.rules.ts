import { CeType, ClassType, Limits, Timing } from '../constants.ts';

/*
 * Pure rules of the classroom (02 §2, §4): what the class page offers, when the exam shows,
 * where the attendance confirmation sends a member, and how a video URL becomes an embed.
 */

/** What the classroom shows in place of the lesson, by class type (02 §2 Classroom). */
export type TLessonKind = 'live' | 'premium' | 'pdf' | 'upcoming' | 'unavailable' | 'video';

export function lessonKind(c: {
  typeId: number;
  youtubeUrl: string | null;
  videoUrl: string | null;
  pdfUrl: string | null;
}): TLessonKind {
  if (c.typeId === ClassType.LIVE) return 'live';
  if (c.typeId === ClassType.PREMIUM) return 'premium';
  if (c.typeId === ClassType.PDF) return c.pdfUrl ? 'pdf' : 'unavailable';
  if (c.typeId === ClassType.ARCHIVE) return 'upcoming';
  return c.youtubeUrl || c.videoUrl ? 'video' : 'unavailable';
}

/** A class whose recording does not exist yet (or is gone): 'Coming soon' on-demand. */
export function hasNothingToView(kind: TLessonKind | undefined): boolean {
  return kind === 'upcoming' || kind === 'unavailable';
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
// watch?v=ID, youtu.be/ID, /embed/ID, /shorts/ID, /live/ID on youtube.com or youtube-nocookie.com.
const YOUTUBE_URL =
  /^https?:\/\/(?:(?:www|m)\.)?(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#/]|$)/;

/** The 11-character video id of a YouTube URL (watch, youtu.be, embed, shorts, live) or of a bare id. */
export function youtubeVideoId(url: string | null | undefined): string | null {
  const text = url?.trim() ?? '';
  if (YOUTUBE_ID.test(text)) return text;
  return YOUTUBE_URL.exec(text)?.[1] ?? null;
}

/**
 * The privacy-enhanced embed of a YouTube video. enablejsapi lets the page follow the player
 * through postMessage (end of video, speed) without loading YouTube's script.
 */
export function youtubeEmbedUrl(videoId: string, origin: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?enablejsapi=1&rel=0&playsinline=1&origin=${encodeURIComponent(origin)}`;
}

/** When the exam of a class opens: examDelayMin after the end of the class (03 §5). */
export function examOpensAt(releaseAtIso: string, durationMin: number, examDelayMin: number): Date {
  return new Date(Date.parse(releaseAtIso) + (durationMin + examDelayMin) * 60_000);
}

/**
 * A live-event class: one whose credit is live interactive. It stays one after it ends and shows
 * as ARCHIVE or PRODUCED_PLAYBACK (03 §4), so its exam still opens examDelayMin after the end.
 */
export function isLiveEvent(classCeTypeId: number): boolean {
  return classCeTypeId === CeType.LIVE;
}

/**
 * The classroom's exam area (02 §2, 03 §6): the class has an exam and (exams are left today or
 * the class is live) and, for a live class, the exam is open. A class with nothing to view yet
 * (Video Upcoming, Video Unavailable) offers its exam only to a member who already attended or
 * viewed it: anyone else would be sent back with 'Please view class before taking exam.'
 * (decision 1001).
 */
export function canShowExam(input: {
  hasExam: boolean;
  examsLeftToday: number;
  isLive: boolean;
  examOpensAt: Date;
  now: Date;
  /** What the classroom shows in place of the lesson; absent means something viewable. */
  lessonKind?: TLessonKind;
  /** The member viewed the class or attended it live (a view counted or a start recorded). */
  hasAttended?: boolean;
}): boolean {
  if (!input.hasExam) return false;
  if (hasNothingToView(input.lessonKind) && !input.hasAttended) return false;
  if (input.isLive) return input.now.getTime() >= input.examOpensAt.getTime();
  return input.examsLeftToday > 0;
}

/** 'Exam Upcoming' (02 §2): a live class with an exam that has not opened yet. */
export function isExamUpcoming(input: {
  hasExam: boolean;
  isLive: boolean;
  examOpensAt: Date;
  now: Date;
}): boolean {
  return input.hasExam && input.isLive && input.now.getTime() < input.examOpensAt.getTime();
}

/** Where the attendance confirmation sends a member on load (02 §4). */
export type TAffidavitStep = 'view-first' | 'exam-taken' | 'evaluation' | 'confirm';

export function affidavitStep(student: {
  classViewCount: number;
  studentStarted: string | null;
  studentEnded: string | null;
  examTaken: boolean;
}): TAffidavitStep {
  if (student.classViewCount === 0 && !student.studentStarted) return 'view-first';
  if (student.examTaken) return 'exam-taken';
  if (student.studentEnded) return 'evaluation';
  return 'confirm';
}

/** Premium access lasts a year from enrollment (02 §2, §9). */
export function premiumValidUntil(enrolledAtIso: string): string {
  const date = new Date(enrolledAtIso);
  date.setUTCFullYear(date.getUTCFullYear() + Limits.PREMIUM_ACCESS_YEARS);
  return date.toISOString();
}

/** The credit a recording gives: a live class watched afterwards is self-study (03 §5). */
export function playbackCeType(classCeTypeId: number): number {
  return classCeTypeId === CeType.LIVE ? CeType.SELF_STUDY : classCeTypeId;
}

/**
 * Live credit (03 §5): only a member who held a seat (not waitlisted), started during the live
 * session (from when Enter Webinar appears until the end) and confirmed attendance earns it;
 * everyone else earns self-study credit from the playback.
 */
export function earnedCeType(input: {
  classCeTypeId: number;
  attended: boolean;
  hasSeat: boolean;
  isWaiting: boolean;
  startedAtIso: string | null;
  releaseAtIso: string;
  durationMin: number;
}): number {
  const playback = playbackCeType(input.classCeTypeId);
  if (input.classCeTypeId !== CeType.LIVE) return playback;
  if (!input.attended || !input.hasSeat || input.isWaiting || !input.startedAtIso) return playback;
  const started = Date.parse(input.startedAtIso);
  const opens = Date.parse(input.releaseAtIso) - Timing.ENTER_WEBINAR_BEFORE_SEC * 1000;
  const ends = Date.parse(input.releaseAtIso) + input.durationMin * 60_000;
  return started >= opens && started <= ends ? CeType.LIVE : playback;
}

/** The attendance confirmation's credit statement (02 §2 Attendance confirmation, on-demand). */
export function affidavitCreditsText(credits: number): string {
  return `This self-study class is equivalent to ${credits} ${credits === 1 ? 'credit' : 'credits'} of self-study CEU according to AGD PACE guidelines.`;
}

/** The commercial supporter's disclosure course pages publish (03 §4). */
export function supporterDisclosure(companyName: string | null): string {
  return companyName
    ? `Commercial support: this course is supported by an educational grant from ${companyName}. The supporter had no control over its content.`
    : 'This course has no commercial support.';
}
