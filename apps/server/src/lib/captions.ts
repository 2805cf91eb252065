import { createRequire } from 'node:module';
import type * as WebVTT from 'webvtt-parser';
import type { Cue, TreeNode, TreeNodeObjectTagNameWithRt } from 'webvtt-parser';
import { CAPTION_MAX_CHARS } from '@opence/shared';
import type { TTranscriptLine } from '@opence/shared/schemas';

/*
 * Caption files (issue 26): WebVTT as it is, SRT converted to WebVTT, and transcripts. The
 * W3C's WebVTT parser (`webvtt-parser`, the validator's own; issue 38, decision 0017) judges the
 * file and names the line at fault; what is ours is what it does not do: SRT's own shape (cue
 * numbers, text), a mistyped timing named on its own line, and the normalized file we store.
 */

// A script that sets its exports at run time: Node's import finds no names in it.
const require = createRequire(import.meta.url);
const { WebVTTCueTextParser, WebVTTCueTimingsAndSettingsParser, WebVTTParser } =
  require('webvtt-parser') as typeof WebVTT;
/** HTML's named character references, as the parser's own table: its short default one decodes '&amp;' as '&;'. */
const ENTITIES = require('webvtt-parser/html-entities.json') as Record<`&${string}`, string>;

export type TCue = { start: number; end: number; text: string; settings?: string };
export type TCaptionResult =
  { ok: true; format: 'vtt' | 'srt'; cues: TCue[]; vtt: string } | { ok: false; line: number; error: string };

const fail = (line: number, error: string): TCaptionResult => ({ ok: false, line, error });
const TIMING_EXPECTED = 'Expected a timing line "00:00:01.000 --> 00:00:04.000".';

/** 3725.5 → '01:02:05.500' */
export function formatVttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The stored form: numbered cues, hours always written, whatever the upload looked like. */
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

/** Where the header block (the lines after WEBVTT) ends: the first blank line. */
function headerEnd(lines: string[]): number {
  let i = 1;
  while (i < lines.length && lines[i]!.trim() !== '') i++;
  return i;
}

/**
 * The validator's view of a WebVTT file, line numbers kept: what browsers read and it does not
 * know is left out: the old header lines ("Kind: captions"), REGION definitions and the cues'
 * region settings.
 */
function forValidator(lines: string[]): string {
  const end = headerEnd(lines);
  const regions = new Set(
    blocksOf(lines, end)
      .filter((b) => /^REGION(\s|$)/.test(b.lines[0]!))
      .flatMap((b) => b.lines.map((_, i) => b.first - 1 + i)),
  );
  return lines
    .map((line, i) => ((i > 0 && i < end) || regions.has(i) ? '' : line.replace(/(-->.*)\sregion:\S+/, '$1')))
    .join('\n');
}

/** The first refusal of the W3C parser, with a mistyped timing named on its own line. */
function firstError(lines: string[]): TCaptionResult | null {
  const { errors } = new WebVTTParser().parse(forValidator(lines), 'metadata');
  const error = errors[0];
  if (!error) return null;
  // "00:05.000 -> 00:08.000" reads to the parser as a cue identifier; the line after it is blamed.
  const before = lines[error.line - 2] ?? '';
  if (error.message.startsWith('Cue identifier needs') && /\d{2}:\d{2}/.test(before))
    return fail(error.line - 1, TIMING_EXPECTED);
  return fail(error.line, error.message);
}

/** The cues of a file the parser accepted, in the file's order, with their settings as written. */
function cuesOf(lines: string[]): TCue[] {
  const cues: TCue[] = [];
  for (const block of blocksOf(lines, headerEnd(lines))) {
    const timingIndex = block.lines.findIndex((l) => l.includes('-->'));
    if (timingIndex < 0 || /^(NOTE|STYLE)(\s|$)/.test(block.lines[0]!)) continue;
    const timingLine = block.lines[timingIndex]!;
    const cue = {} as Cue;
    new WebVTTCueTimingsAndSettingsParser(timingLine, () => undefined).parse(cue, 0);
    const settings = timingLine.split('-->')[1]!.trim().split(/\s+/).slice(1).join(' ');
    cues.push({
      start: cue.startTime,
      end: cue.endTime,
      text: block.lines.slice(timingIndex + 1).join('\n'),
      settings,
    });
  }
  return cues;
}

function parseVtt(lines: string[]): TCaptionResult {
  const headerLines = lines.slice(1, headerEnd(lines));
  const arrow = headerLines.findIndex((l) => l.includes('-->'));
  if (arrow >= 0) return fail(arrow + 2, 'Leave a blank line after "WEBVTT".');
  const refused = firstError(lines);
  if (refused) return refused;
  const cues = cuesOf(lines);
  if (cues.length === 0) return fail(1, 'The file has no cues.');
  return { ok: true, format: 'vtt', cues, vtt: serializeVtt(cues) };
}

/** SRT is WebVTT without the header, with numbered cues and commas in its times. */
function parseSrt(lines: string[]): TCaptionResult {
  for (const block of blocksOf(lines, 0)) {
    const [index, timingLine, text] = block.lines;
    if (!/^\d+$/.test(index!.trim())) return fail(block.first, 'Expected a cue number.');
    if (timingLine === undefined) return fail(block.first + 1, 'Expected a timing line.');
    if (text === undefined) return fail(block.first + 2, 'A cue has no text.');
  }
  const vttLines = [
    'WEBVTT',
    '',
    ...lines.map((l) => (l.includes('-->') ? l.replace(/(\d),(\d{3})/g, '$1.$2') : l)),
  ];
  const refused = firstError(vttLines);
  if (refused && !refused.ok) return fail(refused.line - 2, refused.error);
  const cues = cuesOf(vttLines).map(({ start, end, text }) => ({ start, end, text }));
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

function textOf(nodes: readonly TreeNode<TreeNodeObjectTagNameWithRt>[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.value : 'children' in n ? textOf(n.children) : '')).join('');
}

/** Cue text for reading: the parser's text nodes (tags such as <v Name> and <i> gone, entities decoded). */
export function cueToText(text: string): string {
  const tree = new WebVTTCueTextParser(text, () => undefined, 'metadata', ENTITIES).parse(0, 0);
  return textOf(tree.children)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

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
