/*
 * What a feature needs of search's keyword lookup (docs/decisions/0005): the kinds of document
 * the full-text indexes hold and the documents a search's words find. The lookup itself is the
 * search feature's (features/search/search.keywords.ts, on its engine per dialect in
 * features/search/engine/); app.ts hands it to the features whose lists filter by keyword.
 */

/** The kinds of document the full-text indexes hold. */
export type TSearchKind = 'class' | 'podcast' | 'blog_post' | 'drilldown';

/** The documents keywords find, per kind: id → score (higher first). */
export type TKeywordHits = ReadonlyMap<TSearchKind, ReadonlyMap<string, number>>;

/**
 * The documents every one of a search's words finds (each word with staff's synonyms), scored;
 * an answer is reused for a few seconds.
 */
export type TKeywordSearch = { hits: (words: readonly string[]) => Promise<TKeywordHits> };
