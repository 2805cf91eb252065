/*
 * What one search word asks of the full-text indexes (issue 27, docs/decisions/0210). Built
 * from sanitised tokens only ([a-z0-9]), so no engine ever sees its own query syntax from a
 * member: FTS5 and tsquery operators, quotes, parentheses, '*', ':' and emoji are separators.
 */

/** Staff's synonym list: a word as typed → the words and phrases it also finds. */
export type TSynonyms = ReadonlyMap<string, readonly string[]>;

/** One search word, as the indexes match it. */
export type TWordTerms = {
  /**
   * Token phrases for the stemmed index (FTS5 porter, PostgreSQL english), each matched as a
   * prefix of its last token: the word's own tokens first, then its synonyms.
   */
  phrases: string[][];
  /**
   * Substring patterns for the trigram index (lowercase; '_' is any one character): the word
   * itself, and for a word of 5 letters or more its one-typo variants.
   */
  patterns: string[];
  /**
   * Strings of 3 or more letters such that every pattern contains one of them: what the
   * trigram index looks up before the patterns are checked (few probes instead of one per pattern).
   */
  anchors: string[];
};

/** Words shorter than this get no typo tolerance (issue 27). */
export const TYPO_MIN_LENGTH = 5;
/** The shortest run of letters a trigram index can look up. */
const TRIGRAM = 3;

/** Lowercase letters and digits, accents removed; everything else separates tokens. */
export function searchTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

/** The literal runs of a pattern ('_' separates them). */
export function patternFragments(pattern: string): string[] {
  return pattern.split('_').filter((f) => f.length > 0);
}

/** True when a trigram index can look the pattern up: one literal run of 3 or more. */
function indexable(pattern: string): boolean {
  return patternFragments(pattern).some((f) => f.length >= TRIGRAM);
}

/**
 * Patterns one typo away from the word (Damerau distance 1): a letter wrong, one typed too
 * many, one left out, two swapped. Only for words of TYPO_MIN_LENGTH letters or more.
 */
export function typoPatterns(word: string): string[] {
  if (!/^[a-z0-9]+$/.test(word) || word.length < TYPO_MIN_LENGTH) return [];
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    const head = word.slice(0, i);
    out.add(`${head}_${word.slice(i + 1)}`); // a letter wrong
    out.add(`${head}${word.slice(i + 1)}`); // a letter too many
    if (i > 0) out.add(`${head}_${word.slice(i)}`); // a letter left out
    if (i < word.length - 1) out.add(`${head}__${word.slice(i + 2)}`); // two swapped
  }
  out.delete(word);
  return [...out].filter(indexable);
}

/** The longest literal run of a pattern. */
const longestRun = (pattern: string) =>
  patternFragments(pattern).reduce((a, b) => (b.length > a.length ? b : a), '');

/**
 * Anchors for patterns (see TWordTerms.anchors). One typo leaves either the word's start up to
 * just before its middle or its end from just after the middle as typed, so a long word needs
 * two; otherwise each pattern's longest run, leaving out runs that contain another.
 */
export function patternAnchors(word: string, patterns: string[]): string[] {
  if (patterns.length === 0) return [];
  const m = Math.floor(word.length / 2);
  if (/^[a-z0-9]+$/.test(word) && word.length >= 8 && patterns.length > 1) {
    return [word.slice(0, m - 1), word.slice(m + 1)];
  }
  const runs = [...new Set(patterns.map(longestRun))].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const run of runs) if (!kept.some((k) => run.includes(k))) kept.push(run);
  return kept;
}

/** The terms one search word asks for, with staff's synonyms. */
export function wordTerms(word: string, synonyms: TSynonyms = new Map()): TWordTerms {
  const tokens = searchTokens(word);
  if (tokens.length === 0) return { phrases: [], patterns: [], anchors: [] };
  const phrases = [tokens];
  for (const alternative of synonyms.get(tokens.join(' ')) ?? []) {
    const alt = searchTokens(alternative);
    // A one-token word is a prefix: 'implant' finds 'implants' and 'implant dentistry' already,
    // and each phrase more is one more branch of every lookup (issue 41's thesaurus).
    const covered = tokens.length === 1 && alt[0]!.startsWith(tokens[0]!);
    if (alt.length > 0 && !covered) phrases.push(alt);
  }
  const joined = tokens.join('_');
  const patterns = [joined, ...(tokens.length === 1 ? typoPatterns(joined) : [])].filter(indexable);
  return { phrases, patterns, anchors: patternAnchors(joined, patterns) };
}
