import { z } from 'zod';

/*
 * Staff's dental synonym list (issue 27): a word members type → the words and phrases it also
 * finds ('perio' → periodontal, periodontics). Edited at /api/admin/search-synonyms.
 */

/** A word or phrase: letters, digits, spaces and hyphens, as search matches them. */
const ZSynonymText = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, 'Letters, digits, spaces and hyphens only');

export const ZSearchSynonym = z.object({
  term: ZSynonymText,
  alternatives: z.array(ZSynonymText).min(1).max(10),
});
export type TSearchSynonym = z.infer<typeof ZSearchSynonym>;

export const ZSearchSynonymRow = ZSearchSynonym.extend({ id: z.string() });
export type TSearchSynonymRow = z.infer<typeof ZSearchSynonymRow>;

export const ZSearchSynonymsResponse = z.object({ status: z.boolean(), data: z.array(ZSearchSynonymRow) });
export type TSearchSynonymsResponse = z.infer<typeof ZSearchSynonymsResponse>;
