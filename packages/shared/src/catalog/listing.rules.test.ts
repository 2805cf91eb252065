import { describe, expect, it } from 'vitest';
import {
  blogPath,
  blogPostPath,
  classroomPath,
  countText,
  drilldownPath,
  ebookLabel,
  examBadge,
  isNewCourse,
  onDemandPath,
  podcastPath,
  premiumCourseUrl,
  premiumPath,
  webinarBadge,
  webinarPath,
} from './listing.rules.ts';

describe('webinarPath and webinarBadge (01 §2)', () => {
  it.each([
    [{ hasSeat: true, isWaiting: false }, '/live/h1', 'RESERVED'],
    [{ hasSeat: true, isWaiting: true }, '/live/h1', 'WAITLIST'],
    [{ hasSeat: false, isWaiting: true }, '/live/h1', 'WAITLIST'],
    [{ hasSeat: false, isWaiting: false }, '/reserve/h1', null],
  ])('%j → %s %s', (flags, path, badge) => {
    expect(webinarPath({ hash: 'h1', ...flags })).toBe(path);
    expect(webinarBadge(flags)).toBe(badge);
  });
});

describe('row paths', () => {
  it.each([
    [onDemandPath('root-canal'), '/on-demand-dental-ce-course/root-canal'],
    [premiumPath('implants'), '/premium-dental-ce-course/implants'],
    [classroomPath('abc'), '/classroom/abc'],
    [podcastPath('show', 'ep'), '/podcast/show/ep'],
    [blogPath('post'), '/dental-blog/post'],
    [blogPostPath('post'), '/blog-post/post'],
    [drilldownPath('dd'), '/drilldown/dd'],
    [classroomPath('a/b'), '/classroom/a%2Fb'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});

describe('premiumCourseUrl (03 §4)', () => {
  it.each([
    ['https://learn.example.com', 'lw-1', 'https://learn.example.com/course/lw-1'],
    ['https://learn.example.com/', 'lw-1', 'https://learn.example.com/course/lw-1'],
    ['', 'lw-1', ''],
    ['https://learn.example.com', null, ''],
  ])('%s + %s → %s', (base, id, expected) => expect(premiumCourseUrl(base, id)).toBe(expected));
});

describe('small texts', () => {
  it('fills counted texts', () => {
    expect(countText('Showing Next {n} Upcoming', 3)).toBe('Showing Next 3 Upcoming');
  });
  it('labels the COMPLETED badge only once the exam is taken', () => {
    expect(examBadge(true)).toBe('COMPLETED');
    expect(examBadge(false)).toBeNull();
  });
  it('labels eBooks for members and visitors', () => {
    expect(ebookLabel(true)).toBe('Free');
    expect(ebookLabel(false)).toBe('Free (must be logged in)');
  });
});

describe('isNewCourse', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it.each([
    ['2026-05-30T12:00:00Z', true],
    ['2026-03-04T12:00:00Z', true],
    ['2026-03-02T12:00:00Z', false],
    ['2026-07-01T12:00:00Z', false],
    ['not a date', false],
  ])('%s → %s', (release, expected) => expect(isNewCourse(release, now)).toBe(expected));
});
