import type { Kysely } from 'kysely';
import type { TSearchSynonym, TSearchSynonymsResponse } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';
import { newId, nowIso } from '../../../lib/ids.ts';
import { splitAlternatives, type TSynonymSource } from '../../../domain/search-synonyms.ts';
import { notFound } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';

type TActor = { id: string };

/** Staff's dental synonym list: list, save (by term), delete; each change audited. */
export function createSynonymsEditor(deps: { db: Kysely<DB>; synonyms: TSynonymSource }) {
  const { db, synonyms } = deps;

  async function list(): Promise<TSearchSynonymsResponse> {
    const rows = await db
      .selectFrom('search_synonyms')
      .select(['id', 'term', 'alternatives'])
      .orderBy('term')
      .execute();
    return {
      status: true,
      data: rows.map((r) => ({ id: r.id, term: r.term, alternatives: splitAlternatives(r.alternatives) })),
    };
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
