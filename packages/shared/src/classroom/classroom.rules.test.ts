import { describe, expect, it } from 'vitest';
import { CeType, ClassType } from '../constants.ts';
import {
  affidavitCreditsText,
  affidavitStep,
  canShowExam,
  earnedCeType,
  examOpensAt,
  isExamUpcoming,
  lessonKind,
  playbackCeType,
  premiumValidUntil,
  supporterDisclosure,
  youtubeEmbedUrl,
  youtubeVideoId,
} from './classroom.rules.ts';

describe('lessonKind', () => {
  const yt = 'https://youtu.be/dQw4w9WgXcQ';
  it.each([
    [ClassType.LIVE, yt, null, null, 'live'],
    [ClassType.PREMIUM, yt, null, null, 'premium'],
    [ClassType.PDF, null, null, '/media/a.pdf', 'pdf'],
    [ClassType.PDF, null, null, null, 'unavailable'],
    [ClassType.ARCHIVE, yt, null, null, 'upcoming'],
    [ClassType.PRODUCED, yt, null, null, 'video'],
    [ClassType.MOVIE, null, '/media/a.mp4', null, 'video'],
    [ClassType.PRODUCED_PLAYBACK, null, null, null, 'unavailable'],
  ])('type %i (youtube %s, video %s, pdf %s) → %s', (typeId, youtubeUrl, videoUrl, pdfUrl, kind) =>
    expect(lessonKind({ typeId, youtubeUrl, videoUrl, pdfUrl })).toBe(kind),
  );
});

describe('youtubeVideoId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=3', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/123456', null],
    ['https://www.youtube.com/watch?v=short', null],
    ['https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ', null],
    ['', null],
    [null, null],
  ])('%s → %s', (url, id) => expect(youtubeVideoId(url)).toBe(id));

  it('embeds with the privacy-enhanced host and the page origin', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ', 'https://ce.example.com')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1&rel=0&playsinline=1&origin=https%3A%2F%2Fce.example.com',
    );
  });
});

describe('canShowExam and isExamUpcoming', () => {
  const release = '2026-03-02T15:00:00.000Z';
  const opens = examOpensAt(release, 60, 30);
  it('opens examDelayMin after the end of the class', () =>
    expect(opens.toISOString()).toBe('2026-03-02T16:30:00.000Z'));

  const before = new Date('2026-03-02T16:29:59.000Z');
  const after = new Date('2026-03-02T16:30:00.000Z');
  it.each([
    ['no exam', { hasExam: false, examsLeftToday: 10, isLive: false, now: after }, false],
    ['exams left', { hasExam: true, examsLeftToday: 1, isLive: false, now: before }, true],
    ['limit reached', { hasExam: true, examsLeftToday: 0, isLive: false, now: after }, false],
    ['live, not open yet', { hasExam: true, examsLeftToday: 10, isLive: true, now: before }, false],
    ['live, open', { hasExam: true, examsLeftToday: 10, isLive: true, now: after }, true],
    ['live ignores the limit', { hasExam: true, examsLeftToday: 0, isLive: true, now: after }, true],
  ])('%s', (_name, input, expected) => expect(canShowExam({ ...input, examOpensAt: opens })).toBe(expected));

  it('shows Exam Upcoming only for a live class before the exam opens', () => {
    expect(isExamUpcoming({ hasExam: true, isLive: true, examOpensAt: opens, now: before })).toBe(true);
    expect(isExamUpcoming({ hasExam: true, isLive: true, examOpensAt: opens, now: after })).toBe(false);
    expect(isExamUpcoming({ hasExam: true, isLive: false, examOpensAt: opens, now: before })).toBe(false);
    expect(isExamUpcoming({ hasExam: false, isLive: true, examOpensAt: opens, now: before })).toBe(false);
  });
});

describe('affidavitStep', () => {
  const base = { classViewCount: 1, studentStarted: null, studentEnded: null, examTaken: false };
  it.each([
    ['not viewed', { ...base, classViewCount: 0 }, 'view-first'],
    ['started live without a view', { ...base, classViewCount: 0, studentStarted: 'x' }, 'confirm'],
    ['exam taken', { ...base, examTaken: true, studentEnded: 'x' }, 'exam-taken'],
    ['already confirmed', { ...base, studentEnded: 'x' }, 'evaluation'],
    ['viewed', base, 'confirm'],
  ])('%s → %s', (_name, student, step) => expect(affidavitStep(student)).toBe(step));
});

describe('premiumValidUntil', () => {
  it('adds one year', () =>
    expect(premiumValidUntil('2026-02-03T10:00:00.000Z')).toBe('2027-02-03T10:00:00.000Z'));
});

describe('earnedCeType', () => {
  const live = {
    classCeTypeId: CeType.LIVE,
    attended: true,
    hasSeat: true,
    isWaiting: false,
    startedAtIso: '2026-03-02T15:10:00.000Z',
    releaseAtIso: '2026-03-02T15:00:00.000Z',
    durationMin: 60,
  };
  it.each([
    ['attended live with a seat', live, CeType.LIVE],
    [
      'started when Enter Webinar appeared',
      { ...live, startedAtIso: '2026-03-02T14:55:00.000Z' },
      CeType.LIVE,
    ],
    ['started too early', { ...live, startedAtIso: '2026-03-02T14:54:59.000Z' }, CeType.SELF_STUDY],
    ['started after the end', { ...live, startedAtIso: '2026-03-02T16:00:01.000Z' }, CeType.SELF_STUDY],
    ['did not attend', { ...live, attended: false }, CeType.SELF_STUDY],
    ['waitlisted', { ...live, isWaiting: true }, CeType.SELF_STUDY],
    ['no seat', { ...live, hasSeat: false }, CeType.SELF_STUDY],
    ['never started', { ...live, startedAtIso: null }, CeType.SELF_STUDY],
    ['self-study class', { ...live, classCeTypeId: CeType.SELF_STUDY }, CeType.SELF_STUDY],
    ['class without credit', { ...live, classCeTypeId: CeType.NONE }, CeType.NONE],
  ])('%s', (_name, input, ceType) => expect(earnedCeType(input)).toBe(ceType));

  it.each([
    [CeType.LIVE, CeType.SELF_STUDY],
    [CeType.SELF_STUDY, CeType.SELF_STUDY],
    [CeType.NONE, CeType.NONE],
  ])('a recording of CE type %i gives %i', (classType, ceType) =>
    expect(playbackCeType(classType)).toBe(ceType),
  );
});

describe('course wording', () => {
  it('states the self-study credits of the affidavit', () => {
    expect(affidavitCreditsText(2)).toBe(
      'This self-study class is equivalent to 2 credits of self-study CEU according to AGD PACE guidelines.',
    );
    expect(affidavitCreditsText(1)).toContain('equivalent to 1 credit of');
  });
  it('discloses the commercial supporter, or that there is none', () => {
    expect(supporterDisclosure('Apex Dental')).toContain('an educational grant from Apex Dental.');
    expect(supporterDisclosure(null)).toBe('This course has no commercial support.');
  });
});
