import { SEARCH_SMALL_WORDS } from '../constants.ts';
import { searchTokens, type TSynonyms } from './search.terms.ts';

/*
 * The dental thesaurus (issue 41, docs/decisions/1146, 1147): families of words and phrases
 * shipped as data with their sources, merged with staff's synonym list, and the adjacent words
 * of a query that together name one of its phrases ('root canal', 'dry mouth').
 */

/** A family of words a member may type for the same thing, with where it comes from. */
export type TThesaurusGroup = { terms: readonly string[]; source: string };

/** One shipped entry: a term, everything it also finds, and the sources of its families. */
export type TThesaurusEntry = { term: string; alternatives: string[]; source: string };

/** Staff's own entry for a term (a new term, or one that overrides a shipped entry). */
export type TStaffSynonym = { term: string; alternatives: readonly string[] };

/** The longest phrase of adjacent query words looked up as one term. */
const LONGEST_PHRASE = 4;

const SMALL = new Set(SEARCH_SMALL_WORDS);

/**
 * A term as search looks it up: lowercase tokens, without the small words a query drops
 * ('scaling and root planing' → 'scaling root planing'), unless fewer than two tokens are left.
 */
export function thesaurusKey(text: string): string {
  const tokens = searchTokens(text);
  const kept = tokens.filter((t) => !SMALL.has(t));
  return (kept.length >= 2 ? kept : tokens).join(' ');
}

/** Each term of every family → the other terms of its families; sources joined. */
export function thesaurusEntries(groups: readonly TThesaurusGroup[]): TThesaurusEntry[] {
  const byKey = new Map<string, TThesaurusEntry>();
  for (const group of groups) {
    for (const term of group.terms) {
      const key = thesaurusKey(term);
      if (!key) continue;
      const entry = byKey.get(key) ?? { term: key, alternatives: [], source: '' };
      for (const other of group.terms) {
        if (thesaurusKey(other) !== key && !entry.alternatives.includes(other))
          entry.alternatives.push(other);
      }
      entry.source = entry.source ? `${entry.source}; ${group.source}` : group.source;
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].sort((a, b) => a.term.localeCompare(b.term));
}

/**
 * What search expands words with: the shipped entries, where staff's entry for the same term
 * replaces the shipped one (docs/decisions/1147); staff's other terms are added.
 */
export function mergeSynonyms(
  shipped: readonly TThesaurusEntry[],
  staff: readonly TStaffSynonym[],
): TSynonyms {
  const map = new Map<string, string[]>();
  for (const entry of shipped) map.set(entry.term, [...entry.alternatives]);
  const staffKeys = new Set<string>();
  for (const row of staff) {
    const key = thesaurusKey(row.term);
    if (!key) continue;
    const current = staffKeys.has(key) ? (map.get(key) ?? []) : [];
    staffKeys.add(key);
    map.set(key, [...current, ...row.alternatives]);
  }
  return map;
}

/**
 * The query's words with adjacent words that form a thesaurus term joined into one ('root',
 * 'canal' → 'root canal'), the longest first, so that the phrase finds what it means.
 */
export function joinPhrases(words: readonly string[], synonyms: TSynonyms): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    let taken = 1;
    for (let n = Math.min(LONGEST_PHRASE, words.length - i); n >= 2; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      if (synonyms.has(thesaurusKey(phrase))) {
        taken = n;
        break;
      }
    }
    out.push(words.slice(i, i + taken).join(' '));
    i += taken;
  }
  return out;
}

/** Letters two words must share at their start to count as the same topic ('ortho' ~ 'orthodontics'). */
const TOPIC_PREFIX = 5;

const sameStart = (a: string, b: string) => {
  const n = Math.min(TOPIC_PREFIX, a.length, b.length);
  return n >= 4 && a.slice(0, n) === b.slice(0, n);
};

/**
 * The topics to suggest when a search found nothing (docs/decisions/1148): the categories whose
 * name starts like a query word or one of its thesaurus alternatives, most such words first;
 * with none, the first categories in the order given, so the page never ends empty.
 */
export function suggestTopics<C extends { name: string }>(
  words: readonly string[],
  synonyms: TSynonyms,
  categories: readonly C[],
  limit = 4,
): C[] {
  const asked = words.flatMap((w) => [w, ...(synonyms.get(thesaurusKey(w)) ?? [])]).flatMap(searchTokens);
  const scored = categories.map((category, i) => {
    const names = searchTokens(category.name);
    const score = asked.filter((a) => names.some((n) => sameStart(a, n))).length;
    return { category, score, i };
  });
  const near = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.i - b.i);
  return (near.length > 0 ? near : scored).slice(0, limit).map((s) => s.category);
}
