/*
 * Reading another provider's certificate (issue 41, docs/decisions/1136): the text of a PDF or
 * of a photo's OCR in, the fields the tracker's certificate form takes out, each with a
 * confidence. Pure: the server reads the file, these rules read the words, and a field they are
 * unsure of comes back low-confidence or blank, never guessed with a high one.
 */

export const IMPORT_FIELDS = [
  'provider',
  'title',
  'completedOn',
  'hours',
  'agdCode',
  'approval',
  'participant',
] as const;
export type TImportField = (typeof IMPORT_FIELDS)[number];

/** One field as read: its value (null when not found) and how sure the reading is, 0–1. */
export type TImportValue = { value: string | null; confidence: number };
export type TImportFields = Record<TImportField, TImportValue>;

/** At or above this the review form shows a field as read; below it, marked for checking (1136). */
export const IMPORT_SURE = 0.75;

const LABELLED = 0.9;
/** OCR misreads letters and digits: every field read from a photo counts a little less sure. */
const OCR_PENALTY = 0.1;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

const blank = (): TImportValue => ({ value: null, confidence: 0 });

const clean = (line: string) =>
  line
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[|_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const pad = (n: number) => String(n).padStart(2, '0');

function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase() as 'jan') + 1;

/**
 * A day as certificates print it: 2026-03-14, 03/14/2026 (US order), March 14, 2026,
 * 14 March 2026, Mar. 14 2026. Null when the text holds none.
 */
export function parseCertificateDate(text: string): string | null {
  let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (m) return isoDay(+m[1]!, +m[2]!, +m[3]!);
  m = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/.exec(text);
  if (m) return isoDay(+m[3]!, +m[1]!, +m[2]!);
  m = /\b([A-Za-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b/.exec(text);
  if (m && monthOf(m[1]!) > 0) return isoDay(+m[3]!, monthOf(m[1]!), +m[2]!);
  m = /\b(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]{3,9})\.?,? (\d{4})\b/.exec(text);
  if (m && monthOf(m[2]!) > 0) return isoDay(+m[3]!, monthOf(m[2]!), +m[1]!);
  return null;
}

type TRule = { field: TImportField; label: RegExp; read: (rest: string) => string | null };

const text = (rest: string) => {
  const value = rest.replace(/^[\s:#.\-–]+/, '').trim();
  return value.length >= 3 ? value : null;
};
const hoursIn = (rest: string) => {
  const m = /(\d{1,2}(?:\.\d{1,2})?)/.exec(rest);
  return m && +m[1]! > 0 && +m[1]! <= 60 ? String(+m[1]!) : null;
};
const agdIn = (rest: string) => /\b(\d{3})\b/.exec(rest)?.[1] ?? null;
const approvalIn = (line: string) => {
  const m = /\b(PACE|CERP)\b\D{0,60}?(\d{3,7})\b/i.exec(line);
  return m ? `${m[1]!.toUpperCase() === 'PACE' ? 'AGD PACE' : 'ADA CERP'} #${m[2]}` : null;
};

/**
 * Label words providers print at the start of a line, most specific first; the value follows
 * on the line or, after a label alone, on the next one.
 */
const RULES: readonly TRule[] = [
  { field: 'agdCode', label: /^(?:AGD subject code|subject code|AGD code|AGD subject)\b/i, read: agdIn },
  {
    field: 'hours',
    label:
      /^(?:CE hours|CE credits?|credit hours|contact hours|CEUs?|credits? (?:earned|awarded)|hours (?:earned|awarded)|credits|hours)\b/i,
    read: hoursIn,
  },
  {
    field: 'completedOn',
    label:
      /^(?:date of completion|completion date|date completed|completed on|course date|date of course|attended on|date)\b/i,
    read: parseCertificateDate,
  },
  {
    field: 'participant',
    label:
      /^(?:participant(?: name)?|attendee|awarded to|presented to|issued to|this certifies that|this is to certify that|name)\b/i,
    read: text,
  },
  {
    field: 'provider',
    label:
      /^(?:course provider|CE provider|provider name|provider|presented by|sponsored by|sponsor|issued by|offered by)\b/i,
    read: text,
  },
  {
    field: 'title',
    label: /^(?:course title|program title|activity title|course name|course|program|activity|title)\b/i,
    read: text,
  },
];

/** "…completed the course" after a name is the sentence, not the value. */
const trimTail = (field: TImportField, value: string) =>
  field === 'participant'
    ? value.replace(/\s+(has|have)\s.*$/i, '').replace(/[.,;]+$/, '')
    : value.replace(/[;]+$/, '');

function readLabelled(lines: readonly string[], fields: TImportFields) {
  for (const [i, line] of lines.entries()) {
    // The approval line ("PACE Program Provider #…") names no provider, course or person.
    const approvalLine = /\b(?:PACE|CERP)\b/i.test(line);
    for (const rule of RULES) {
      if (fields[rule.field].value) continue;
      if (approvalLine && rule.read === text) continue;
      const m = rule.label.exec(line);
      if (!m) continue;
      const rest = line.slice(m.index + m[0].length);
      const here = rule.read(rest);
      const next = lines[i + 1];
      // A label alone on its line (or ending it) is followed by the value on the next one.
      const value = here ?? (rest.replace(/[\s:#.\-–]/g, '') === '' && next ? rule.read(next) : null);
      if (!value) continue;
      fields[rule.field] = { value: trimTail(rule.field, value), confidence: LABELLED };
      break;
    }
  }
}

/** What a certificate says without labels: "2 CE hours", "PACE … 219367", a lone date. */
function readUnlabelled(lines: readonly string[], fields: TImportFields) {
  const all = lines.join('\n');
  if (!fields.approval.value) {
    // OCR may break the line between the program's name and its number.
    const found = lines.map((line, i) => approvalIn(`${line} ${lines[i + 1] ?? ''}`)).find(Boolean);
    if (found) fields.approval = { value: found, confidence: LABELLED };
  }
  if (!fields.hours.value) {
    const m =
      /(\d{1,2}(?:\.\d{1,2})?) ?(?:CE |continuing education )?(?:hours|credits|credit hours|CEUs?)\b/i.exec(
        all,
      );
    if (m && +m[1]! > 0) fields.hours = { value: String(+m[1]!), confidence: 0.7 };
  }
  if (!fields.completedOn.value) {
    const found = lines.map(parseCertificateDate).filter(Boolean);
    // One date on the page is likely the day; several could be anything (an expiry, a print date).
    if (found.length) fields.completedOn = { value: found[0]!, confidence: found.length === 1 ? 0.7 : 0.4 };
  }
}

/**
 * The fields of a certificate's text. `ocr`: the text came from a photo, so every confidence
 * is lowered by OCR_PENALTY.
 */
export function extractCertificateFields(rawText: string, options: { ocr?: boolean } = {}): TImportFields {
  const lines = rawText.split(/\r?\n/).map(clean).filter(Boolean);
  const fields = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, blank()])) as TImportFields;
  readLabelled(lines, fields);
  readUnlabelled(lines, fields);
  if (options.ocr)
    for (const f of IMPORT_FIELDS)
      if (fields[f].value)
        fields[f] = {
          ...fields[f],
          confidence: Math.max(0, +(fields[f].confidence - OCR_PENALTY).toFixed(2)),
        };
  return fields;
}

/** A verification address printed on the certificate (the QR code's, when it has one). */
export function findVerificationUrl(rawText: string): string | null {
  const m = /\bhttps?:\/\/[^\s<>"')]+/i.exec(rawText);
  return m ? m[0].replace(/[.,;]+$/, '') : null;
}

const TITLES = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'miss',
  'prof',
  'dds',
  'dmd',
  'rdh',
  'rdha',
  'cda',
  'rda',
  'bsdh',
  'msdh',
  'phd',
  'ms',
  'mph',
  'facd',
  'fagd',
  'magd',
  'jr',
  'sr',
  'ii',
  'iii',
]);

/** A person's name as words to compare: no accents, case, titles, degrees or initials. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z']+/)
    .map((w) => w.replace(/'/g, ''))
    .filter((w) => w.length > 1 && !TITLES.has(w));
}

/**
 * Whether the name on a certificate is the member's: the first and last of their words agree
 * (in either order, "Lee, Dana"), whatever the accents, case, middle names or initials,
 * "Dr." and degrees. Null when the certificate shows no name.
 */
export function participantMatches(printed: string | null, member: string): boolean | null {
  if (!printed) return null;
  const a = nameWords(printed);
  const b = nameWords(member);
  if (!a.length || !b.length) return false;
  const ends = (w: string[]) => new Set([w[0]!, w.at(-1)!]);
  const mine = ends(b);
  return [...ends(a)].every((w) => mine.has(w)) && ends(a).size === mine.size;
}
