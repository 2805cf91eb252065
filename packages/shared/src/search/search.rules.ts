import { Limits } from '../constants.ts';

const QUOTES = /["'`“”‘’]/g;
/** The one short term the search keeps (01 §5): a company name members look for. */
const KEPT_SHORT_TERM = '3m';

/**
 * Normalises search text (01 §5): quotes are removed; text longer than 2 characters is cut
 * to 30; text of 2 characters or fewer is dropped (null), except '3m' in any case.
 */
export function normaliseSearchText(text: string | null | undefined): string | null {
  if (text == null) return null;
  const unquoted = text.replace(QUOTES, '').trim();
  if (unquoted.toLowerCase() === KEPT_SHORT_TERM) return unquoted;
  if (unquoted.length < Limits.SEARCH_TEXT_MIN) return null;
  return unquoted.slice(0, Limits.SEARCH_TEXT_MAX).trim();
}

/** Splits normalised text into the words a search matches, leaving out the small words. */
export function searchWords(text: string | null, smallWords: readonly string[]): string[] {
  if (!text) return [];
  const small = new Set(smallWords.map((w) => w.toLowerCase()));
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0 && !small.has(w));
}
