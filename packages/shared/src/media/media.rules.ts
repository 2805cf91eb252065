/*
 * Media everyone can use (issue 26): caption files (WebVTT, or SRT converted to WebVTT),
 * transcripts, listening speeds and the saved positions. Pure rules, no zod, no I/O.
 */

/** The sticky player's listening speeds; 1 is the default. */
export const PLAYER_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const DEFAULT_PLAYER_SPEED = 1;
/** A position is saved at most this often while playing (and on pause or leave). */
export const POSITION_SAVE_EVERY_SEC = 15;
/** A caption or transcript file larger than this is refused (characters). */
export const CAPTION_MAX_CHARS = 512 * 1024;
/** How many positions one read may ask for (a page of episodes). */
export const POSITIONS_MAX_KEYS = 100;
/** The media a caption, transcript or position belongs to: kind:hash. */
export const MEDIA_KINDS = ['podcast', 'class', 'drilldown', 'sponsor-video'] as const;
export type TMediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_KEY_PATTERN = /^(podcast|class|drilldown|sponsor-video):[A-Za-z0-9_-]{1,64}$/;
/** Caption languages: a BCP 47 tag, kept short. */
export const CAPTION_LANG_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

export const mediaKey = (kind: TMediaKind, hash: string): string => `${kind}:${hash}`;

/** The nearest allowed speed (a stored or hand-typed value outside the list snaps to it). */
export function normalizeSpeed(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return DEFAULT_PLAYER_SPEED;
  return PLAYER_SPEEDS.reduce((best, s) => (Math.abs(s - n) < Math.abs(best - n) ? s : best));
}

/** '1.25×' */
export const formatSpeed = (speed: number): string => `${speed}×`;

/** The position to resume at: none near the start or the end (it would only confuse). */
export function resumeAt(positionSec: number, durationSec: number): number {
  if (!Number.isFinite(positionSec) || positionSec < 5) return 0;
  if (durationSec > 0 && positionSec > durationSec - 10) return 0;
  return positionSec;
}

/** Listened share 0–100 for an episode row's progress bar. */
export function progressPercent(positionSec: number, durationSec: number): number {
  if (!(durationSec > 0) || !(positionSec > 0)) return 0;
  return Math.min(100, Math.round((positionSec / durationSec) * 100));
}

export type TCue = { start: number; end: number; text: string; settings?: string };
export type TCaptionResult =
  { ok: true; format: 'vtt' | 'srt'; cues: TCue[]; vtt: string } | { ok: false; line: number; error: string };

const VTT_TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{3})$/;

function parseTime(text: string, pattern: RegExp): number | null {
  const m = pattern.exec(text.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** 3725.5 → '01:02:05.500' */
export function formatVttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

export function serializeVtt(cues: TCue[]): string {
  const blocks = cues.map(
    (c, i) =>
      `${i + 1}\n${formatVttTime(c.start)} --> ${formatVttTime(c.end)}${c.settings ? ` ${c.settings}` : ''}\n${c.text}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

type TBlock = { first: number; lines: string[] };

/** Blank-line separated blocks, each with the 1-based number of its first line. */
function blocksOf(lines: string[], from: number): TBlock[] {
  const blocks: TBlock[] = [];
  let current: TBlock | null = null;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') {
      current = null;
      continue;
    }
    if (!current) {
      current = { first: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  }
  return blocks;
}

const fail = (line: number, error: string): TCaptionResult => ({ ok: false, line, error });

function parseTiming(
  line: string,
  lineNo: number,
  pattern: RegExp,
): { start: number; end: number; settings: string } | TCaptionResult {
  const [left, rest] = line.split('-->');
  if (rest === undefined) return fail(lineNo, 'Expected a timing line "00:00:01.000 --> 00:00:04.000".');
  const [endText = '', ...settings] = rest.trim().split(/\s+/);
  const start = parseTime(left ?? '', pattern);
  const end = parseTime(endText, pattern);
  if (start === null || end === null) return fail(lineNo, 'A timestamp is not valid.');
  if (end < start) return fail(lineNo, 'The cue ends before it starts.');
  return { start, end, settings: settings.join(' ') };
}

function parseVtt(lines: string[]): TCaptionResult {
  const header = lines[0]!;
  if (!/^WEBVTT(?:[ \t].*)?$/.test(header)) return fail(1, 'The first line must be "WEBVTT".');
  // The header block runs to the first blank line.
  let i = 1;
  while (i < lines.length && lines[i]!.trim() !== '') {
    if (lines[i]!.includes('-->')) return fail(i + 1, 'Leave a blank line after "WEBVTT".');
    i++;
  }
  const cues: TCue[] = [];
  for (const block of blocksOf(lines, i)) {
    const head = block.lines[0]!;
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(head)) continue;
    const timingIndex = head.includes('-->') ? 0 : 1;
    const timingLine = block.lines[timingIndex];
    if (timingLine === undefined || !timingLine.includes('-->')) {
      // A head line that looks like a mistyped timing ("00:01.000 -> …") is the line at fault.
      const at = timingIndex === 1 && /\d{2}:\d{2}/.test(head) ? block.first : block.first + timingIndex;
      return fail(at, 'Expected a timing line "00:00:01.000 --> 00:00:04.000".');
    }
    const timing = parseTiming(timingLine, block.first + timingIndex, VTT_TIME);
    if ('ok' in timing) return timing;
    const textLines = block.lines.slice(timingIndex + 1);
    const arrow = textLines.findIndex((l) => l.includes('-->'));
    if (arrow >= 0) return fail(block.first + timingIndex + 1 + arrow, 'Leave a blank line between cues.');
    cues.push({
      start: timing.start,
      end: timing.end,
      text: textLines.join('\n'),
      settings: timing.settings,
    });
  }
  if (cues.length === 0) return fail(1, 'The file has no cues.');
  return { ok: true, format: 'vtt', cues, vtt: serializeVtt(cues) };
}

function parseSrt(lines: string[]): TCaptionResult {
  const cues: TCue[] = [];
  for (const block of blocksOf(lines, 0)) {
    const [index, timingLine, ...textLines] = block.lines;
    if (!/^\d+$/.test(index!.trim())) return fail(block.first, 'Expected a cue number.');
    if (timingLine === undefined) return fail(block.first + 1, 'Expected a timing line.');
    const timing = parseTiming(timingLine, block.first + 1, SRT_TIME);
    if ('ok' in timing) return timing;
    if (textLines.length === 0) return fail(block.first + 2, 'A cue has no text.');
    cues.push({ start: timing.start, end: timing.end, text: textLines.join('\n') });
  }
  if (cues.length === 0) return fail(1, 'The file has no cues.');
  return { ok: true, format: 'srt', cues, vtt: serializeVtt(cues) };
}

function linesOf(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
}

/** A caption file: WebVTT as it is (normalized), SRT converted; anything else refused with its line. */
export function parseCaptions(text: string): TCaptionResult {
  if (text.length > CAPTION_MAX_CHARS) return fail(1, 'The file is too large (at most 512 KB).');
  if (text.includes('\u0000')) return fail(1, 'The file is not text.');
  const lines = linesOf(text);
  const firstIndex = lines.findIndex((l) => l.trim() !== '');
  if (firstIndex < 0) return fail(1, 'The file is empty.');
  if (lines[0]!.startsWith('WEBVTT')) return parseVtt(lines);
  if (/^\d+$/.test(lines[firstIndex]!.trim())) return parseSrt(lines);
  return fail(
    firstIndex + 1,
    'This is neither WebVTT (starting "WEBVTT") nor SRT (starting with a cue number).',
  );
}

/** Cue text for reading: tags (<v Name>, <i>) removed, entities decoded. */
export function cueToText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

export type TTranscriptLine = { startSec: number | null; text: string };
export type TTranscriptResult =
  | { ok: true; format: 'vtt' | 'text'; lines: TTranscriptLine[]; body: string; plain: string }
  | { ok: false; line: number; error: string };

/** Does the file claim to be timed captions (so a mistake in it is refused, not read as prose)? */
function looksTimed(lines: string[]): boolean {
  if (lines[0]!.startsWith('WEBVTT')) return true;
  const first = lines.findIndex((l) => l.trim() !== '');
  return first >= 0 && /^\d+$/.test(lines[first]!.trim()) && (lines[first + 1] ?? '').includes('-->');
}

/** A transcript: VTT or SRT gives timed lines; plain text gives its paragraphs. */
export function parseTranscript(text: string): TTranscriptResult {
  if (text.length > CAPTION_MAX_CHARS)
    return fail(1, 'The file is too large (at most 512 KB).') as TTranscriptResult;
  if (text.includes('\u0000')) return { ok: false, line: 1, error: 'The file is not text.' };
  const lines = linesOf(text);
  if (looksTimed(lines)) {
    const captions = parseCaptions(text);
    if (!captions.ok) return captions;
    const timed = captions.cues
      .map((c) => ({ startSec: c.start, text: cueToText(c.text) }))
      .filter((l) => l.text !== '');
    return {
      ok: true,
      format: 'vtt',
      lines: timed,
      body: captions.vtt,
      plain: timed.map((l) => l.text).join('\n'),
    };
  }
  const paragraphs = blocksOf(lines, 0)
    .map((b) => b.lines.map((l) => l.trim()).join(' '))
    .filter((p) => p !== '');
  if (paragraphs.length === 0) return { ok: false, line: 1, error: 'The file is empty.' };
  const body = paragraphs.join('\n\n');
  return {
    ok: true,
    format: 'text',
    lines: paragraphs.map((p) => ({ startSec: null, text: p })),
    body,
    plain: body,
  };
}

/** The stored transcript back as lines (format as stored). */
export function transcriptLines(format: string, body: string): TTranscriptLine[] {
  const parsed =
    format === 'text'
      ? parseTranscript(body.startsWith('WEBVTT') ? ` ${body}` : body)
      : parseTranscript(body);
  return parsed.ok ? parsed.lines : [];
}
