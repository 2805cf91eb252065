import { z } from 'zod';

/*
 * Staff's dental synonym list (issue 27): a word members type → the words and phrases it also
 * finds ('perio' → periodontal, periodontics). Edited at /api/admin/search-synonyms.
 */

/** A word or phrase: letters, digits, spaces and hyphens, as search matches them. */
const ZSynonymText = (what: string) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(2, `${what[0]!.toUpperCase()}${what.slice(1)}: at least 2 characters.`)
    .max(40, `${what[0]!.toUpperCase()}${what.slice(1)}: at most 40 characters.`)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, 'Letters, digits, spaces and hyphens only');

const ZAlternatives = z
  .array(ZSynonymText('each word or phrase'))
  .min(1, 'Enter at least one word or phrase it also finds.')
  .max(10, 'At most 10 words or phrases.');

export const ZSearchSynonym = z.object({
  term: ZSynonymText('the word members type'),
  alternatives: ZAlternatives,
});

/** The console's form: the alternatives typed as one line, separated by commas. */
export const ZSearchSynonymForm = z.object({
  term: ZSynonymText('the word members type'),
  alternatives: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((a) => a.trim())
            .filter((a) => a.length > 0)
        : v,
    ZAlternatives,
  ),
});
export type TSearchSynonym = z.infer<typeof ZSearchSynonym>;

/**
 * One entry of the merged list (issue 41, docs/decisions/1147): staff's own ('staff'), shipped in
 * the dental thesaurus ('shipped', id 'shipped:<term>', nothing to delete) or staff's entry that
 * replaces a shipped one ('override', with what it replaces).
 */
export const ZSearchSynonymRow = z.object({
  id: z.string(),
  term: z.string(),
  alternatives: z.array(z.string()),
  origin: z.enum(['staff', 'shipped', 'override']),
  source: z.string().nullable().describe('Where the shipped entry comes from (MeSH, CDT, AGD…).'),
  shippedAlternatives: z.array(z.string()).describe('What the shipped entry finds, for an override.'),
});
export type TSearchSynonymRow = z.infer<typeof ZSearchSynonymRow>;

export const ZSearchSynonymsResponse = z.object({ status: z.boolean(), data: z.array(ZSearchSynonymRow) });
export type TSearchSynonymsResponse = z.infer<typeof ZSearchSynonymsResponse>;
