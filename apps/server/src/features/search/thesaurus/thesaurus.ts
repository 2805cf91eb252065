import { thesaurusEntries } from '@opence/shared';
import { z } from 'zod';
import data from './dental-thesaurus.json' with { type: 'json' };

/*
 * The dental thesaurus shipped with the site (issue 41, docs/decisions/1146): dental-thesaurus.json,
 * checked when the server starts (a family without a source, or of one term, is refused).
 */

const ZThesaurusFile = z.object({
  about: z.string(),
  groups: z.array(
    z.object({
      terms: z.array(z.string().trim().min(2).max(40)).min(2),
      source: z.string().trim().min(3),
    }),
  ),
});

/** Every shipped term with what it also finds and its sources, sorted by term. */
export const SHIPPED_THESAURUS = thesaurusEntries(ZThesaurusFile.parse(data).groups);
