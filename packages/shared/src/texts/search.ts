/** Search's own texts beyond the spec's (issue 41, docs/decisions/1145, 1148): a part of `Texts` (texts.ts). */
export const searchTexts = {
  /** {missing} and {found} are the words, each quoted. */
  SEARCH_WORDS_NOT_FOUND: 'No results for {missing} — showing matches for {found}.',
  SEARCH_SUGGESTED_TOPICS: 'Try one of these topics',
  SEARCH_BROWSE_CATALOGUE: 'Browse the on-demand catalogue',
} as const;
