import type { Kysely, Transaction } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  columnOf,
  type TAdminField,
  type TAdminListQuery,
  type TAdminValues,
} from '@opence/shared/schemas';
import { slugify } from '../../../db/seed/demo-content.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../../db/dialect/index.ts';
import type { DB } from '../../../db/types.ts';
import { sanitizeHtml } from '../../../lib/html.ts';
import { newId, newPublicHash, nowIso } from '../../../lib/ids.ts';
import type { TSessionMember } from '../../../domain/sessions.ts';
import { badRequest, conflict, notFound } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { offsetOf, pageOf } from '../paging.ts';
import * as repo from './authoring.repo.ts';
import { authoredTable, type TAuthoredTable } from './authoring.tables.ts';

/*
 * The generic authoring service behind every simple entity of the staff console: list with
 * search and paging, options for dropdowns, read, create, update and delete, each change in one
 * transaction with its audit row.
 */

const OPTIONS_LIMIT = 2000;

/** A field value as the column stores it: flags 0/1, lists as JSON, rich text sanitised. */
function toColumn(field: TAdminField, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (field.kind) {
    case 'checkbox':
      return value ? 1 : 0;
    case 'mediaList':
    case 'links':
      return JSON.stringify(value);
    case 'html':
      return sanitizeHtml(String(value));
    default:
      return value;
  }
}

function parseList(value: unknown): unknown[] {
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** A column value as the form shows it. */
function fromColumn(field: TAdminField, value: unknown): unknown {
  switch (field.kind) {
    case 'checkbox':
      return Boolean(Number(value));
    case 'mediaList':
    case 'links':
      return parseList(value);
    case 'integer':
    case 'number':
      return value === null || value === undefined ? null : Number(value);
    default:
      return value ?? null;
  }
}

const keyColumn = (t: TAuthoredTable) => t.entity.idField;
const titleOf = (t: TAuthoredTable, values: TAdminValues) => String(values[t.entity.titleField] ?? '');

/** The columns of a save, without the refs (categories live in their join table). */
function columnsOf(t: TAuthoredTable, values: TAdminValues): repo.TRow {
  const row: repo.TRow = {};
  for (const field of t.entity.fields) {
    if (field.kind === 'refs' || field.kind === 'tags' || field.kind === 'slug') continue;
    row[columnOf(field.name)] = toColumn(field, values[field.name]);
  }
  return row;
}

/** A stored row in the form's field names, with the server-made hash and slug. */
function present(
  t: TAuthoredTable,
  row: repo.TRow,
  categoryIds: string[] = [],
  topicCodes: string[] = [],
): TAdminValues {
  const out: TAdminValues = { id: row[keyColumn(t)] };
  for (const field of t.entity.fields) {
    out[field.name] =
      field.kind === 'refs'
        ? categoryIds
        : field.kind === 'tags'
          ? topicCodes
          : fromColumn(field, row[columnOf(field.name)]);
  }
  if (t.hasHash) out.hash = row.hash;
  if (t.hasSlug) out.slug = row.slug;
  return out;
}

/** The fields whose value a save changes, with their new value: the audit detail. */
function changes(before: TAdminValues, after: TAdminValues): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(after)) {
    if (JSON.stringify(before[name] ?? null) !== JSON.stringify(value ?? null)) changed[name] = value;
  }
  return changed;
}

export function createAuthoringService(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function read(t: TAuthoredTable, key: string, trx: Kysely<DB> | Transaction<DB> = db) {
    const row = await repo.selectRow(trx, t.table, keyColumn(t), key);
    if (!row) throw notFound(`This ${t.entity.singular.toLowerCase()} no longer exists.`);
    const categoryIds = t.categories ? await repo.selectLinks(trx, t.categories, 'category_id', key) : [];
    const topicCodes = t.topics ? await repo.selectLinks(trx, t.topics, 'topic_code', key) : [];
    return present(t, row, categoryIds, topicCodes);
  }

  /** The slug a save stores: the one given if free, else one made from the title. */
  async function chooseSlug(
    trx: Transaction<DB>,
    t: TAuthoredTable,
    values: TAdminValues,
    id?: string,
  ): Promise<string | undefined> {
    const wanted = typeof values.slug === 'string' && values.slug ? values.slug : undefined;
    if (wanted) {
      const taken = await repo.selectSlugsLike(trx, t.table, wanted, id);
      if (taken.includes(wanted)) throw conflict('This URL name is already used. Choose another.', 'slug');
      return wanted;
    }
    if (id) return undefined; // a blank slug on edit keeps the current one
    const base = slugify(titleOf(t, values)).slice(0, 100) || 'item';
    const taken = new Set(await repo.selectSlugsLike(trx, t.table, base));
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  /** Refuses a choice of a row that does not exist (a stale form, a crafted request). */
  async function assertChoicesExist(t: TAuthoredTable, values: TAdminValues) {
    for (const field of t.entity.fields) {
      if ((field.kind !== 'ref' && field.kind !== 'refs') || !field.ref) continue;
      const chosen = [values[field.name]].flat().filter((v): v is string => typeof v === 'string');
      const found = await repo.selectExistingIds(db, authoredTable(field.ref).table, chosen);
      if (chosen.some((id) => !found.has(id))) {
        throw badRequest(
          `Choose ${field.label.toLowerCase()} from the list: the one given no longer exists.`,
          field.name,
        );
      }
    }
  }

  /** Runs a save; a duplicate of a unique name becomes a 409 naming the title field. */
  async function saving<T>(t: TAuthoredTable, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // A topic tag not in the tracker's topic list (the options are the shared list; the table is seeded from it).
      if (t.topics && isForeignKeyViolation(error))
        throw badRequest('Choose CE topics from the list.', 'topics');
      if (!isUniqueViolation(error)) throw error;
      const label = t.entity.fields.find((f) => f.name === t.entity.titleField)?.label ?? 'name';
      throw conflict(
        `A ${t.entity.singular.toLowerCase()} with this ${label.toLowerCase()} already exists.`,
        t.entity.titleField,
      );
    }
  }

  return {
    tableOf: authoredTable,

    /** One page of rows, searched by the entity's search fields; referred rows by their name. */
    async list(t: TAuthoredTable, query: TAdminListQuery) {
      const page = query.page ?? 0;
      const sortField = t.entity.fields.find((f) => f.name === t.entity.sort.field);
      const { rows, total } = await repo.selectPage(db, {
        table: t.table,
        searchColumns: t.entity.searchFields.map(columnOf),
        q: query.q,
        sortColumn: sortField ? columnOf(sortField.name) : keyColumn(t),
        isDescending: Boolean(t.entity.sort.desc),
        keyColumn: keyColumn(t),
        offset: offsetOf(page),
        limit: ADMIN_PAGE_SIZE,
      });
      const data = rows.map((row) => present(t, row));
      for (const field of t.entity.fields) {
        if (field.kind !== 'ref' || !field.ref || !t.entity.listFields.includes(field.name)) continue;
        const target = authoredTable(field.ref);
        const ids = [
          ...new Set(data.map((r) => r[field.name]).filter((v): v is string => typeof v === 'string')),
        ];
        const labels = await repo.selectLabels(db, target.table, columnOf(target.entity.titleField), ids);
        for (const r of data) r[field.name] = labels.get(String(r[field.name])) ?? r[field.name];
      }
      return pageOf(page, total, data);
    },

    /** Every row as a dropdown choice. */
    async options(t: TAuthoredTable) {
      const columns = { key: keyColumn(t), label: columnOf(t.entity.titleField) };
      const data = await repo.selectOptions(db, t.table, columns, OPTIONS_LIMIT);
      return { status: true, data };
    },

    get: (t: TAuthoredTable, key: string) => read(t, key),

    async create(t: TAuthoredTable, values: TAdminValues, actor: TSessionMember) {
      const key = t.entity.idField === 'code' ? String(values.code) : newId();
      await assertChoicesExist(t, values);
      await saving(t, () =>
        db.transaction().execute(async (trx) => {
          const at = nowIso();
          const row: repo.TRow = Object.assign(columnsOf(t, values), { [keyColumn(t)]: key });
          if (t.hasHash) row.hash = newPublicHash();
          if (t.hasSlug) row.slug = await chooseSlug(trx, t, values);
          if (t.hasCreatedAt) row.created_at = at;
          if (t.hasUpdatedAt) row.updated_at = at;
          await repo.insertRow(trx, t.table, row);
          if (t.categories)
            await repo.replaceLinks(trx, t.categories, 'category_id', key, values.categories as string[]);
          if (t.topics)
            await repo.replaceLinks(trx, t.topics, 'topic_code', key, (values.topics as string[]) ?? []);
          await recordAudit(trx, {
            actorId: actor.id,
            action: 'create',
            entity: t.entity.key,
            entityId: key,
            detail: { title: titleOf(t, values) },
          });
        }),
      );
      return read(t, key);
    },

    async update(t: TAuthoredTable, key: string, values: TAdminValues, actor: TSessionMember) {
      // The code of a text block is its key: it is not renamed by an edit.
      const saved = t.entity.idField === 'code' ? Object.assign({}, values, { code: key }) : values;
      await assertChoicesExist(t, saved);
      await saving(t, () =>
        db.transaction().execute(async (trx) => {
          const before = await read(t, key, trx);
          const row = columnsOf(t, saved);
          if (t.hasSlug) {
            const slug = await chooseSlug(trx, t, saved, key);
            if (slug) row.slug = slug;
          }
          if (t.hasUpdatedAt) row.updated_at = nowIso();
          await repo.updateRow(trx, t.table, keyColumn(t), key, row);
          if (t.categories)
            await repo.replaceLinks(trx, t.categories, 'category_id', key, saved.categories as string[]);
          if (t.topics)
            await repo.replaceLinks(trx, t.topics, 'topic_code', key, (saved.topics as string[]) ?? []);
          await recordAudit(trx, {
            actorId: actor.id,
            action: 'update',
            entity: t.entity.key,
            entityId: key,
            detail: {
              title: titleOf(t, saved),
              changes: changes(before, Object.assign({}, saved, { slug: row.slug ?? before.slug })),
            },
          });
        }),
      );
      return read(t, key);
    },

    async remove(t: TAuthoredTable, key: string, actor: TSessionMember) {
      try {
        await db.transaction().execute(async (trx) => {
          const before = await read(t, key, trx);
          await repo.deleteRow(trx, t.table, keyColumn(t), key);
          await recordAudit(trx, {
            actorId: actor.id,
            action: 'delete',
            entity: t.entity.key,
            entityId: key,
            detail: { title: titleOf(t, before) },
          });
        });
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        throw conflict(
          `This ${t.entity.singular.toLowerCase()} is still used elsewhere (for example by classes, completions or ads). Remove those links first, or unpublish it instead.`,
        );
      }
      return { status: true };
    },
  };
}

export type TAuthoringService = ReturnType<typeof createAuthoringService>;
