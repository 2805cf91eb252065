import { describe, expect, it } from 'vitest';
import { ClassType } from '../constants.ts';
import {
  appShortName,
  cachePlaceOf,
  downloadableClassMedia,
  downloadsCacheName,
  formatBytes,
  isHostedMedia,
  isSessionCache,
  memberCacheName,
  PUBLIC_CACHE,
  sessionKeyOf,
  WORKER_STATE_CACHE,
} from './offline.rules.ts';

describe('appShortName', () => {
  it.each([
    ['OpenCE', 'OpenCE'],
    ['  Dental CE Hub ', 'Dental'],
    ['Smile Academy', 'Smile'],
    ['Supercalifragilistic Learning', 'Supercalifra'],
    ['', 'OpenCE'],
  ])('%j → %j', (brand, short) => expect(appShortName(brand)).toBe(short));
});

describe('cache names', () => {
  it('bind a session by a key that is not its token', () => {
    const hex = 'AB'.repeat(32);
    expect(sessionKeyOf(hex)).toBe('ab'.repeat(16));
    expect(memberCacheName('k1')).toBe('opence-member-k1');
    expect(downloadsCacheName('k1')).toBe('opence-downloads-k1');
  });

  it.each([
    ['opence-member-k1', true],
    ['opence-downloads-k1', true],
    [PUBLIC_CACHE, false],
    [WORKER_STATE_CACHE, false],
    ['workbox-precache-v2-https://x/', false],
  ])('%s is a session cache: %s', (name, is) => expect(isSessionCache(name)).toBe(is));
});

describe('cachePlaceOf', () => {
  it.each([
    ['/api/ondemand', false, false, 'public'],
    ['/api/pending', true, false, 'member'],
    ['/api/admin/members', true, false, 'none'],
    ['/admin', false, true, 'none'],
    ['/api/login', false, false, 'none'],
    ['/api/logout', true, false, 'none'],
    ['/logout', false, true, 'none'],
    ['/ondemand', false, false, 'public'],
    ['/pending', false, true, 'member'],
  ] as const)('%s (token %s, session page %s) → %s', (path, token, sessionPage, place) =>
    expect(cachePlaceOf(path, token, sessionPage)).toBe(place),
  );
});

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [999, '999 bytes'],
    [1500, '1.5 KB'],
    [4_200_000, '4.2 MB'],
    [52_000_000, '52 MB'],
    [3_100_000_000, '3.1 GB'],
    [-1, '—'],
  ])('%d → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('isHostedMedia', () => {
  it.each([
    ['/media/demo/audio/tone-1.wav', true],
    ['https://cdn.example.com/a.mp3', false],
    ['/media/../etc/passwd', false],
    ['', false],
    [null, false],
  ])('%j → %s', (url, is) => expect(isHostedMedia(url)).toBe(is));
});

describe('downloadableClassMedia', () => {
  const hosted = '/media/demo/audio/class-lecture.wav';
  it.each([
    ['a hosted recording', ClassType.MOVIE, null, hosted, null, hosted],
    ['a hosted recording of a produced class', ClassType.PRODUCED, null, hosted, null, hosted],
    ['a YouTube recording', ClassType.MOVIE, 'https://www.youtube.com/watch?v=abc', null, null, null],
    ['a recording on another host', ClassType.MOVIE, null, 'https://cdn.example.com/v.mp4', null, null],
    ['no recording', ClassType.MOVIE, null, null, null, null],
    ['a PDF class', ClassType.PDF, null, null, '/media/demo/classes/x.pdf', null],
    ['a live class', ClassType.LIVE, null, hosted, null, null],
    ['a premium course', ClassType.PREMIUM, null, hosted, null, null],
    ['an archive not yet recorded', ClassType.ARCHIVE, null, hosted, null, null],
  ])('%s', (_name, typeId, youtubeUrl, videoUrl, pdfUrl, expected) => {
    expect(downloadableClassMedia({ typeId, youtubeUrl, videoUrl, pdfUrl })).toBe(expected);
  });
});
