import { describe, expect, it } from 'vitest';
import { CAPTION_MAX_CHARS } from '@opence/shared';
import { formatVttTime, parseCaptions, parseTranscript, transcriptLines } from './captions.ts';

const VTT =
  'WEBVTT\n\n00:00.000 --> 00:02.500\nHello <i>there</i>\n\nintro\n00:01:02.000 --> 00:01:04.000 line:0\nSecond cue\n';
const SRT =
  '1\r\n00:00:01,000 --> 00:00:03,200\r\nFirst line\r\nsecond line\r\n\r\n2\r\n00:01:00,500 --> 00:01:02,000\r\nNext\r\n';

describe('parseCaptions: accepted files', () => {
  it.each([
    ['WebVTT with an identifier and settings', VTT, 'vtt', 2, [0, 62]],
    [
      'WebVTT with a BOM, header text and a NOTE',
      '\uFEFFWEBVTT - demo\nKind: captions\n\nNOTE a note\n\n00:00:01.000 --> 00:00:02.000\nA',
      'vtt',
      1,
      [1],
    ],
    ['SRT (CRLF, commas)', SRT, 'srt', 2, [1, 60.5]],
  ])('%s', (_name, text, format, count, starts) => {
    const result = parseCaptions(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.format).toBe(format);
    expect(result.cues).toHaveLength(count);
    expect(result.cues.map((c) => c.start)).toEqual(starts);
    expect(result.vtt.startsWith('WEBVTT\n\n1\n')).toBe(true);
  });

  it('converts SRT to WebVTT with its timestamps and text', () => {
    const result = parseCaptions(SRT);
    expect(result.ok && result.vtt).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.200\nFirst line\nsecond line\n\n2\n00:01:00.500 --> 00:01:02.000\nNext\n',
    );
  });

  it('keeps cue settings of WebVTT', () => {
    const result = parseCaptions(VTT);
    expect(result.ok && result.vtt).toContain('00:01:02.000 --> 00:01:04.000 line:0\nSecond cue');
  });
});

describe('parseCaptions: refused with the line', () => {
  it.each([
    ['empty', '   \n\n', 1],
    ['neither format', 'Hello world\n', 1],
    ['a bad VTT timestamp', 'WEBVTT\n\n00:00.000 --> 00:0x.000\nA\n', 3],
    ['a VTT cue without timing', 'WEBVTT\n\n00:00.000 --> 00:01.000\nA\n\nid\njust text\n', 7],
    ['a cue that ends before it starts', 'WEBVTT\n\n00:05.000 --> 00:01.000\nA\n', 3],
    [
      'two cues without a blank line',
      'WEBVTT\n\n00:00.000 --> 00:01.000\nA\n00:01.000 --> 00:02.000\nB\n',
      5,
    ],
    ['WEBVTT not on the first line', '\nWEBVTT\n\n00:00.000 --> 00:01.000\nA', 2],
    [
      'SRT without a number',
      '1\n00:00:01,000 --> 00:00:02,000\nA\n\nx\n00:00:03,000 --> 00:00:04,000\nB\n',
      5,
    ],
    ['SRT with a bad time', '1\n00:00:01 --> 00:00:02,000\nA\n', 2],
    ['SRT cue without text', '1\n00:00:01,000 --> 00:00:02,000\n', 3],
    ['a header only', 'WEBVTT\n', 1],
  ])('%s', (_name, text, line) => {
    const result = parseCaptions(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.line).toBe(line);
  });

  it('refuses a file over the size limit', () => {
    const result = parseCaptions(`WEBVTT\n\n${'x'.repeat(CAPTION_MAX_CHARS)}`);
    expect(result).toMatchObject({ ok: false, line: 1 });
  });
});

describe('parseTranscript', () => {
  it('reads plain text as paragraphs without times', () => {
    const result = parseTranscript('Welcome to the show.\nToday: fluoride.\n\nSecond paragraph.');
    expect(result).toMatchObject({
      ok: true,
      format: 'text',
      lines: [
        { startSec: null, text: 'Welcome to the show. Today: fluoride.' },
        { startSec: null, text: 'Second paragraph.' },
      ],
    });
  });

  it('reads VTT and SRT as timed lines with tags removed', () => {
    expect(parseTranscript(VTT)).toMatchObject({
      ok: true,
      format: 'vtt',
      lines: [
        { startSec: 0, text: 'Hello there' },
        { startSec: 62, text: 'Second cue' },
      ],
    });
    expect(parseTranscript(SRT)).toMatchObject({
      ok: true,
      lines: [{ startSec: 1, text: 'First line second line' }, {}],
    });
  });

  it('refuses a broken timed file instead of reading it as prose', () => {
    expect(parseTranscript('WEBVTT\n\n00:00.000 --> nope\nA')).toMatchObject({ ok: false, line: 3 });
  });

  it('reads the stored body back', () => {
    const stored = parseTranscript(SRT);
    expect(stored.ok && transcriptLines('vtt', stored.body)).toEqual(stored.ok && stored.lines);
    expect(transcriptLines('text', 'One.\n\nTwo.')).toEqual([
      { startSec: null, text: 'One.' },
      { startSec: null, text: 'Two.' },
    ]);
  });
});

describe('formatVttTime', () => {
  it('writes hours, minutes, seconds and milliseconds', () => {
    expect(formatVttTime(3725.5)).toBe('01:02:05.500');
  });
});

describe('what the W3C parser adds (decision 0017)', () => {
  it('accepts REGION definitions and SRT styling that browsers accept, keeping the text for reading', () => {
    const region = parseCaptions(
      'WEBVTT\n\nREGION\nid:speaker\nwidth:40%\n\n00:00:01.000 --> 00:00:02.000 region:speaker\nHi',
    );
    expect(region).toMatchObject({ ok: true, cues: [{ start: 1, end: 2, settings: 'region:speaker' }] });
    const styled = parseTranscript('1\n00:00:01,000 --> 00:00:02,500\n<font color="#ff0">Caf&amp;é</font>\n');
    expect(styled).toMatchObject({ ok: true, lines: [{ startSec: 1, text: 'Caf&é' }] });
  });

  it.each([
    [
      'cues out of order',
      'WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nB\n\n00:00:01.000 --> 00:00:02.000\nA\n',
      6,
    ],
    ['an unknown cue setting', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000 lines:3\nA\n', 3],
    ['minutes past 59', 'WEBVTT\n\n00:61:00.000 --> 00:62:00.000\nA\n', 3],
    [
      'an SRT cue out of order',
      '1\n00:00:05,000 --> 00:00:06,000\nB\n\n2\n00:00:01,000 --> 00:00:02,000\nA\n',
      6,
    ],
  ])('refuses %s with its line', (_name, text, line) => {
    expect(parseCaptions(text)).toMatchObject({ ok: false, line });
  });
});
