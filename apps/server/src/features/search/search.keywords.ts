import { wordTerms, type TWordTerms } from '@opence/shared';
import type { Kysely } from 'kysely';
import type { TDialectName } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import type { TKeywordHits, TKeywordSearch, TSearchKind } from '../../domain/search.ts';
import { createTtlCache } from '../../lib/public-cache.ts';
import { searchEngine, type TLookup, type TSearchEngine, type TWordHit } from './engine/index.ts';
import type { TSynonymSource } from './search.synonyms.ts';

/*
 * The documents a search's words find (issue 27, docs/decisions/0210–0213), on either engine
 * (engine/): each word must match the title, speaker, sponsor, categories, blurb or
 * description; the best match comes first. The catalog's lists and search's sections join their
 * rows to these hits (features/catalog/catalog.filter.repo.ts); app.ts hands this lookup to the
 * catalog through domain/search.ts (docs/decisions/0005).
 */

/**
 * How well a document matches one word (docs/decisions/0210): 8 when its stem is in the title
 * or speaker, 6 when it is there as typed (inside a longer word), 5 with one typo, 3 in the
 * sponsor or a category, 1 elsewhere. A document's score is the sum over the words.
 */
export function wordScore(hit: TWordHit): number {
  return hit.stemHead ? 8 : hit.typedHead ? 6 : hit.typoHead ? 5 : hit.tags ? 3 : 1;
}

/**
 * Every document one word finds, with where it was found; when that finds nothing, the word
 * with one typo in a head. One or two queries per word and search, whatever the number of
 * sections (docs/decisions/0211).
 */
export async function wordHits(
  engine: TSearchEngine,
  term: TWordTerms,
  options: TLookup & {
    /** Whether typos may be looked for; without, when nothing is found as typed. */
    typos?: boolean;
  } = {},
): Promise<TWordHit[]> {
  if (term.phrases.length === 0) return [];
  const typos = term.patterns.slice(1);
  const found = await engine.matches(term, options);
  if (found.length > 0 || typos.length === 0 || options.typos === false) return found;
  // Found among the documents given, or elsewhere: no typos then either.
  if (options.within && (await engine.foundAnywhere(term, options.count))) return [];
  return engine.typoHits(typos, term.anchors, options.within);
}

/** Up to this many documents found by the rarer words, the next word is looked up among them alone. */
const WITHIN_AT_MOST = 200;

/**
 * The documents every word finds, each with its summed score, per kind: each word's matches
 * are looked up once, not per list, count or scope (docs/decisions/0211).
 */
export async function selectKeywordHits(
  engine: TSearchEngine,
  terms: readonly TWordTerms[],
): Promise<TKeywordHits> {
  // The rarest word first; the next words are looked up only among the documents it found,
  // when they are few (docs/decisions/0211).
  const counts = terms.length > 1 ? await Promise.all(terms.map((t) => engine.wordCount(t))) : [1];
  // A word counted 0 (no stem anywhere: a typo, or a piece of a word) after the words of few
  // documents: its typo check, over every head with an anchor, then runs among their documents
  // alone (2–5 ms → a lookup by id at full volume; docs/decisions/0213). The order never changes
  // the result (the hits are the intersection; foundAnywhere keeps typos to words found nowhere).
  const rank = (i: number) => (counts[i] === 0 ? WITHIN_AT_MOST + 0.5 : counts[i]!);
  const order = terms.map((_, i) => i).sort((a, b) => rank(a) - rank(b));
  let scores: Map<string, { kind: TSearchKind; score: number }> | null = null;
  for (const i of order) {
    const term = terms[i]!;
    const typed = term.patterns[0];
    const transcripts = typed ? await engine.transcriptHits(typed) : [];
    const hits = await wordHits(engine, term, {
      // PostgreSQL reads them by item_id's index; SQLite keeps the MATCHes' rowids among them
      // (docs/decisions/0212).
      within: scores && scores.size <= WITHIN_AT_MOST ? [...scores.keys()] : undefined,
      // Typos are looked for only when the word is found nowhere as typed.
      typos: transcripts.length === 0,
      ...(terms.length > 1 ? { count: counts[i]! } : {}),
    });
    const word = new Map<string, { kind: TSearchKind; score: number }>();
    for (const hit of hits) word.set(hit.id, { kind: hit.kind, score: wordScore(hit) });
    for (const id of transcripts) if (!word.has(id)) word.set(id, { kind: 'podcast', score: 1 });
    if (scores === null) scores = word;
    else {
      const both = new Map<string, { kind: TSearchKind; score: number }>();
      for (const [id, s] of scores) {
        const w = word.get(id);
        if (w) both.set(id, { kind: s.kind, score: s.score + w.score });
      }
      scores = both;
    }
    if (scores.size === 0) break;
  }
  const byKind = new Map<TSearchKind, Map<string, number>>();
  for (const [id, s] of scores ?? []) {
    let kind = byKind.get(s.kind);
    if (!kind) byKind.set(s.kind, (kind = new Map()));
    kind.set(id, s.score);
  }
  return byKind;
}

/** How long a search's hits are reused: as long as the lists' public answers (catalog.service). */
const KEYWORD_HITS_TTL_MS = 5_000;

/**
 * The keyword lookup the lists use (domain/search.ts TKeywordSearch): each word expanded with
 * staff's synonyms, and the hits shared by the lists and sections of one search and its pages
 * for as long as the public answers (docs/decisions/0211). Keyed by the words' terms, synonyms
 * included: an edit of the list is a new key.
 */
export function createKeywordSearch(deps: {
  db: Kysely<DB>;
  dialect: TDialectName;
  /** Staff's synonym list, shared with the console's editor, which makes it forget an edit. */
  synonyms: TSynonymSource;
}): TKeywordSearch {
  const { synonyms } = deps;
  const engine = searchEngine(deps.db, deps.dialect);
  const keywordHits = createTtlCache<TKeywordHits>({ ttlMs: KEYWORD_HITS_TTL_MS, maxEntries: 64 });
  return {
    async hits(words) {
      const list = await synonyms.get();
      const terms = words.map((word) => wordTerms(word, list));
      // A word of symbols only ('&', an emoji) is left out beside real words; alone, it finds nothing.
      const real = terms.filter((t) => t.phrases.length > 0);
      return keywordHits.get(JSON.stringify(real), () => selectKeywordHits(engine, real));
    },
  };
}
