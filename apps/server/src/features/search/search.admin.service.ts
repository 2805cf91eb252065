import type { Kysely } from 'kysely';
import type { TSearchSynonym, TSearchSynonymsResponse } from '@opence/shared/schemas';
import { thesaurusKey } from '@opence/shared';
import type { DB } from '../../db/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { splitAlternatives, type TSynonymSource } from './search.synonyms.ts';
import { notFound } from '../../lib/api-errors.ts';
import { recordAudit } from '../../domain/audit.ts';
import { SHIPPED_THESAURUS } from './thesaurus/thesaurus.ts';

type TActor = { id: string };

/**
 * Staff's dental synonym list: list (merged with the shipped thesaurus, docs/decisions/1147),
 * save (by term; a shipped term saved is overridden), delete (a deleted override brings the
 * shipped entry back); each change audited.
 */
export function createSynonymsEditor(deps: { db: Kysely<DB>; synonyms: TSynonymSource }) {
  const { db, synonyms } = deps;

  async function list(): Promise<TSearchSynonymsResponse> {
    const rows = await db
      .selectFrom('search_synonyms')
      .select(['id', 'term', 'alternatives'])
      .orderBy('term')
      .execute();
    const shipped = new Map(SHIPPED_THESAURUS.map((e) => [e.term, e]));
    const staff = rows.map((r) => {
      const replaces = shipped.get(thesaurusKey(r.term));
      return {
        id: r.id,
        term: r.term,
        alternatives: splitAlternatives(r.alternatives),
        origin: replaces ? ('override' as const) : ('staff' as const),
        source: replaces?.source ?? null,
        shippedAlternatives: replaces?.alternatives ?? [],
      };
    });
    const overridden = new Set(rows.map((r) => thesaurusKey(r.term)));
    const kept = SHIPPED_THESAURUS.filter((e) => !overridden.has(e.term)).map((e) => ({
      id: `shipped:${e.term}`,
      term: e.term,
      alternatives: e.alternatives,
      origin: 'shipped' as const,
      source: e.source,
      shippedAlternatives: [],
    }));
    return { status: true, data: [...staff, ...kept].sort((a, b) => a.term.localeCompare(b.term)) };
  }

  return {
    list,

    /** Saves the alternatives of a term (a new term, or the term's new list). */
    async save(input: TSearchSynonym, actor: TActor) {
      const term = input.term.toLowerCase();
      const alternatives = [...new Set(input.alternatives.map((a) => a.toLowerCase()))].join(', ');
      await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('search_synonyms')
          .select('id')
          .where('term', '=', term)
          .executeTakeFirst();
        const id = current?.id ?? newId();
        if (current) {
          await trx
            .updateTable('search_synonyms')
            .set({ alternatives, updated_at: nowIso() })
            .where('id', '=', id)
            .execute();
        } else {
          await trx
            .insertInto('search_synonyms')
            .values({ id, term, alternatives, updated_at: nowIso() })
            .execute();
        }
        await recordAudit(trx, {
          actorId: actor.id,
          action: current ? 'update' : 'create',
          entity: 'search_synonym',
          entityId: id,
          detail: { term, alternatives },
        });
      });
      synonyms.forget();
      return list();
    },

    async remove(id: string, actor: TActor) {
      await db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('search_synonyms').where('id', '=', id).executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) throw notFound();
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'search_synonym',
          entityId: id,
        });
      });
      synonyms.forget();
      return list();
    },
  };
}

export type TSynonymsEditor = ReturnType<typeof createSynonymsEditor>;
