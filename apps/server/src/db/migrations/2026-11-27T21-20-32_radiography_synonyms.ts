import type { Kysely } from 'kysely';

/*
 * Search (issue 36, docs/decisions/1052): "x-ray" and "radiography" found nothing, although
 * classes and episodes speak of radiographs and CBCT. A radiography set joins staff's synonym
 * list, on a new site and on one running already. A word staff have entered themselves keeps
 * their alternatives (its row is left as it is); staff edit or delete these in the console
 * (Search synonyms) like any other. Written out here: a migration never imports live code.
 */

const RADIOGRAPHY = [
  'radiograph',
  'radiography',
  'x-ray',
  'xray',
  'bitewing',
  'periapical',
  'panoramic',
  'cbct',
  'cone beam',
];

/** A word as members type it → the words and phrases it also finds (lowercase, as staff's are stored). */
const SYNONYMS: [string, string[]][] = [
  ['x-ray', RADIOGRAPHY],
  ['x-rays', RADIOGRAPHY],
  ['xray', RADIOGRAPHY],
  ['xrays', RADIOGRAPHY],
  ['radiography', RADIOGRAPHY],
  ['radiograph', RADIOGRAPHY],
  ['radiographs', RADIOGRAPHY],
  ['radiology', RADIOGRAPHY],
  ['dental imaging', RADIOGRAPHY],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const at = new Date().toISOString();
  for (const [i, [term, alternatives]] of SYNONYMS.entries()) {
    await db
      .insertInto('search_synonyms' as never)
      .values({
        id: `seed-synonym-radiography-${i + 1}`,
        term,
        alternatives: alternatives.filter((a) => a !== term).join(', '),
        updated_at: at,
      } as never)
      .onConflict((oc) => oc.column('term' as never).doNothing())
      .execute();
  }
}
