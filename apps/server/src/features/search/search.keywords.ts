import { joinPhrases, wordTerms, type TWordTerms } from '@opence/shared';
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

type TScores = Map<string, { kind: TSearchKind; score: number }>;

/** One word's documents with its score in each (its transcripts' episodes score 1). */
async function wordScores(engine: TSearchEngine, term: TWordTerms, lookup: TLookup): Promise<TScores> {
  const typed = term.patterns[0];
  const transcripts = typed ? await engine.transcriptHits(typed) : [];
  // Typos are looked for only when the word is found nowhere as typed.
  const hits = await wordHits(engine, term, Object.assign({}, lookup, { typos: transcripts.length === 0 }));
  const word: TScores = new Map();
  for (const hit of hits) word.set(hit.id, { kind: hit.kind, score: wordScore(hit) });
  for (const id of transcripts) if (!word.has(id)) word.set(id, { kind: 'podcast', score: 1 });
  return word;
}

/** Above any sum of one search's word scores (at most 8 a word): each word matched counts first. */
export const MATCHED_WORD_WEIGHT = 100;

/**
 * Documents ranked when no document has every word found (docs/decisions/1145): most words
 * matched first, then the summed word scores (title and speaker, then sponsor and topics, then
 * the rest), as one score.
 */
export function rankPartial(words: readonly TScores[]): TScores {
  const ranked: TScores = new Map();
  for (const word of words) {
    for (const [id, w] of word) {
      const s = ranked.get(id);
      ranked.set(id, { kind: w.kind, score: (s?.score ?? 0) + MATCHED_WORD_WEIGHT + w.score });
    }
  }
  return ranked;
}

/** The documents a search's words find, and the words (by index) found nowhere. */
export type TKeywordLookup = { hits: TKeywordHits; notFound: number[] };

/**
 * The documents a search's words find, each with its score, per kind; each word's matches are
 * looked up once, not per list, count or scope (docs/decisions/0211). A word found nowhere
 * (stems, synonyms, as typed, one typo, transcripts) is left out and named; when the other words
 * are never found together, documents with most of them come first (docs/decisions/1145).
 */
export async function selectKeywordHits(
  engine: TSearchEngine,
  terms: readonly TWordTerms[],
): Promise<TKeywordLookup> {
  // The rarest word first; the next words are looked up only among the documents it found,
  // when they are few (docs/decisions/0211).
  const counts = terms.length > 1 ? await Promise.all(terms.map((t) => engine.wordCount(t))) : [1];
  // A word counted 0 (no stem anywhere: a typo, or a piece of a word) after the words of few
  // documents: its typo check, over every head with an anchor, then runs among their documents
  // alone (2–5 ms → a lookup by id at full volume; docs/decisions/0213). The order never changes
  // the result (the hits are the intersection; foundAnywhere keeps typos to words found nowhere).
  const rank = (i: number) => (counts[i] === 0 ? WITHIN_AT_MOST + 0.5 : counts[i]!);
  const order = terms.map((_, i) => i).sort((a, b) => rank(a) - rank(b));
  const count = (i: number): TLookup => (terms.length > 1 ? { count: counts[i]! } : {});
  const notFound: number[] = [];
  /** Each word's lookup over every document, once: the partial ranking reuses them. */
  const whole = new Map<number, TScores>();
  const everywhere = async (i: number) => {
    let word = whole.get(i);
    if (!word) whole.set(i, (word = await wordScores(engine, terms[i]!, count(i))));
    return word;
  };
  let scores: TScores | null = null;
  let apart = false;
  for (const i of order) {
    const within: string[] | undefined =
      scores && scores.size <= WITHIN_AT_MOST ? [...scores.keys()] : undefined;
    let word: TScores = within
      ? await wordScores(engine, terms[i]!, Object.assign(count(i), { within }))
      : await everywhere(i);
    // Nothing among the earlier words' documents: found elsewhere, or nowhere at all.
    if (word.size === 0 && within) word = await everywhere(i);
    if (word.size === 0) {
      notFound.push(i);
      continue;
    }
    if (scores === null) {
      scores = word;
      continue;
    }
    const both: TScores = new Map();
    for (const [id, s] of scores) {
      const w = word.get(id);
      if (w) both.set(id, { kind: s.kind, score: s.score + w.score });
    }
    if (both.size === 0) {
      apart = true;
      break;
    }
    scores = both;
  }
  if (apart) {
    // The words found are never found together: each looked up in full, and ranked.
    const found: TScores[] = [];
    for (const i of order) {
      if (notFound.includes(i)) continue;
      const word = await everywhere(i);
      if (word.size === 0) notFound.push(i);
      else found.push(word);
    }
    scores = rankPartial(found);
  }
  const byKind = new Map<TSearchKind, Map<string, number>>();
  for (const [id, s] of scores ?? []) {
    let kind = byKind.get(s.kind);
    if (!kind) byKind.set(s.kind, (kind = new Map()));
    kind.set(id, s.score);
  }
  return { hits: byKind, notFound: notFound.sort((a, b) => a - b) };
}

/** How long a search's hits are reused: as long as the lists' public answers (catalog.service). */
const KEYWORD_HITS_TTL_MS = 5_000;

/**
 * The keyword lookup the lists use (domain/search.ts TKeywordSearch): adjacent words that name a
 * thesaurus phrase joined ('root canal'), each word expanded with the thesaurus and staff's
 * synonyms, and the hits shared by the lists and sections of one search and its pages for as
 * long as the public answers (docs/decisions/0211). Keyed by the words' terms, synonyms
 * included: an edit of the list is a new key. `notFound` names the words found nowhere.
 */
export function createKeywordSearch(deps: {
  db: Kysely<DB>;
  dialect: TDialectName;
  /** The merged synonym list, shared with the console's editor, which makes it forget an edit. */
  synonyms: TSynonymSource;
}) {
  const { synonyms } = deps;
  const engine = searchEngine(deps.db, deps.dialect);
  const cache = createTtlCache<TKeywordLookup>({ ttlMs: KEYWORD_HITS_TTL_MS, maxEntries: 64 });

  async function lookup(words: readonly string[]) {
    const list = await synonyms.get();
    const phrases = joinPhrases(words, list);
    const terms = phrases.map((phrase) => ({ phrase, term: wordTerms(phrase, list) }));
    // A word of symbols only ('&', an emoji) is left out beside real words; alone, it finds nothing.
    const real = terms.filter((t) => t.term.phrases.length > 0);
    const found = await cache.get(JSON.stringify(real.map((t) => t.term)), () =>
      selectKeywordHits(
        engine,
        real.map((t) => t.term),
      ),
    );
    return { hits: found.hits, notFound: found.notFound.map((i) => real[i]!.phrase) };
  }

  return {
    hits: async (words: readonly string[]) => (await lookup(words)).hits,
    /** The words (or thesaurus phrases) of a search found nowhere, as the member typed them. */
    notFound: async (words: readonly string[]) => (await lookup(words)).notFound,
  } satisfies TKeywordSearch & Record<string, unknown>;
}

export type TKeywordSearchWithMisses = ReturnType<typeof createKeywordSearch>;
