import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { TDialectName } from './index.ts';

/*
 * The full-text indexes of search (issue 27, docs/decisions/0210), the one place their SQL
 * differs between the engines.
 *
 * SQLite: two FTS5 tables kept by triggers, fts_search (porter unicode61: stems, prefixes) and
 * fts_trigram (trigram: substrings and typos). PostgreSQL: one table, fts_docs, kept by
 * triggers, with a weighted tsvector (english) under a GIN index and the lowercased text under
 * pg_trgm GIN indexes. Every document has three parts: head (title and speaker or author),
 * tags (sponsor and categories) and body (blurb and description).
 *
 * Queries are built from sanitised tokens and patterns (search.terms.ts: [a-z0-9_] only), so no
 * member text ever reaches FTS5's or tsquery's parser as syntax.
 */

export type TSearchKind = 'class' | 'podcast' | 'blog_post' | 'drilldown';
/** Which part of a document a term must be in: anywhere, head, or tags. */
export type TSearchScope = 'all' | 'head' | 'tags';

/** True when some document of any kind has a stem matching one of the phrases (as a prefix). */
export async function anyFullText(
  db: Kysely<never>,
  dialect: TDialectName,
  phrases: string[][],
): Promise<boolean> {
  const any = phrases.map((p) => `"${p.join(' ')}"*`).join(' OR ');
  const query =
    dialect === 'sqlite'
      ? sql`select 1 from fts_search where fts_search match ${`{head tags body} : (${any})`} limit 1`
      : sql`select 1 from fts_docs where vector @@ to_tsquery('english', ${phrases
          .map((p) => `(${p.map((t, i) => (i === p.length - 1 ? `${t}:*` : t)).join(' <-> ')})`)
          .join(' | ')}) limit 1`;
  return (await query.execute(db)).rows.length > 0;
}

/** Subquery giving the ids of one kind's documents whose stems match a phrase (as a prefix). */
export function fullTextIds(
  dialect: TDialectName,
  kind: TSearchKind,
  phrases: string[][],
  scope: TSearchScope,
): RawBuilder<unknown> {
  if (dialect === 'sqlite') {
    const any = phrases.map((p) => `"${p.join(' ')}"*`).join(' OR ');
    const columns = scope === 'all' ? 'head tags body' : scope;
    const expr = `{${columns}} : (${any})`;
    return sql`select item_id from fts_search where fts_search match ${expr} and kind = ${kind}`;
  }
  const weight = scope === 'head' ? 'A' : scope === 'tags' ? 'B' : '';
  const query = phrases
    .map(
      (p) =>
        `(${p.map((t, i) => (i === p.length - 1 ? `${t}:*${weight}` : weight ? `${t}:${weight}` : t)).join(' <-> ')})`,
    )
    .join(' | ');
  return sql`select item_id from fts_docs where kind = ${kind} and vector @@ to_tsquery('english', ${query})`;
}

/**
 * Subquery giving the ids of one kind's documents containing one of the patterns: the trigram
 * index finds the documents with one of the anchors, LIKE keeps those with a pattern.
 */
export function trigramIds(
  dialect: TDialectName,
  kind: TSearchKind,
  match: { patterns: string[]; anchors: string[] },
  scope: 'all' | 'head',
): RawBuilder<unknown> {
  const name = scope === 'head' ? 'head' : 'doc';
  const column = sql.ref(name);
  const likes = sql.join(
    match.patterns.map((p) => sql`${column} like ${`%${p}%`}`),
    sql` or `,
  );
  if (dialect === 'sqlite') {
    const expr = `{${name}} : (${match.anchors.map((a) => `"${a}"`).join(' OR ')})`;
    return sql`select item_id from fts_trigram where fts_trigram match ${expr} and kind = ${kind} and (${likes})`;
  }
  const anchors = sql.join(
    match.anchors.map((a) => sql`${column} like ${`%${a}%`}`),
    sql` or `,
  );
  return sql`select item_id from fts_docs where kind = ${kind} and (${anchors}) and (${likes})`;
}

// ---------------------------------------------------------------------------------------------
// The indexes (migration 2026-11-25T15-00-00_full_text_search; frozen with it)

type TDocSource = {
  kind: TSearchKind;
  table: string;
  head: string;
  tags: string;
  body: string;
  from: string;
};

const categoriesOf = (link: string, fk: string, dialect: TDialectName) =>
  `(select ${dialect === 'sqlite' ? "group_concat(cat.name, ' ')" : "string_agg(cat.name, ' ')"} from ${link} l join categories cat on cat.id = l.category_id where l.${fk} = c.id)`;

function sources(dialect: TDialectName): TDocSource[] {
  const cat = (link: string, fk: string) => categoriesOf(link, fk, dialect);
  const cat0 = (e: string) => `coalesce(${e}, '')`;
  return [
    {
      kind: 'class',
      table: 'classes',
      head: `c.title || ' ' || ${cat0('s.name')}`,
      tags: `${cat0('co.name')} || ' ' || ${cat0(cat('class_categories', 'class_id'))}`,
      body: `c.blurb || ' ' || c.description`,
      from: 'classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id',
    },
    {
      kind: 'podcast',
      table: 'podcasts',
      head: `c.title || ' ' || ${cat0('s.name')}`,
      tags: `${cat0('co.name')} || ' ' || ${cat0(cat('podcast_categories', 'podcast_id'))}`,
      body: `c.blurb || ' ' || c.description`,
      from: 'podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id',
    },
    {
      kind: 'blog_post',
      table: 'blog_posts',
      head: `c.title || ' ' || c.author`,
      tags: `${cat0('co.name')} || ' ' || ${cat0(cat('blog_post_categories', 'blog_post_id'))}`,
      body: `c.blurb`,
      from: 'blog_posts c left join companies co on co.id = c.company_id',
    },
    {
      kind: 'drilldown',
      table: 'drilldowns',
      head: `c.title || ' ' || c.author`,
      tags: `''`,
      body: `c.blurb || ' ' || c.description`,
      from: 'drilldowns c',
    },
  ];
}

/**
 * SQLite: statements that rebuild the documents of the content rows `where` picks (alias c).
 * With `oneId` (the SQL of the one row's id), the old documents are found through the index
 * (item_id is indexed for this, and searches name their columns); otherwise by a scan, which
 * only a rename of a speaker, company or category needs.
 */
function sqliteRefresh(s: TDocSource, where: string, oneId?: string): string {
  const ids = `(select c.id from ${s.from} where ${where})`;
  const drop = (table: string) =>
    oneId
      ? `delete from ${table} where ${table} match '{item_id} : "' || replace(${oneId}, '"', '""') || '"' and kind = '${s.kind}' and item_id = ${oneId};`
      : `delete from ${table} where kind = '${s.kind}' and item_id in ${ids};`;
  return `
    ${drop('fts_search')}
    ${drop('fts_trigram')}
    insert into fts_search (kind, item_id, head, tags, body)
      select '${s.kind}', c.id, ${s.head}, ${s.tags}, ${s.body} from ${s.from} where ${where};
    insert into fts_trigram (kind, item_id, head, doc)
      select '${s.kind}', c.id, ${s.head}, ${s.head} || ' ' || ${s.tags} || ' ' || ${s.body} from ${s.from} where ${where};`;
}

/** PostgreSQL: the same, as the body of a function. */
function postgresRefresh(s: TDocSource, where: string): string {
  return `
    delete from fts_docs where kind = '${s.kind}' and item_id in (select c.id from ${s.from} where ${where});
    insert into fts_docs (kind, item_id, head, doc, vector)
      select '${s.kind}', c.id, lower(${s.head}), lower(${s.head} || ' ' || ${s.tags} || ' ' || ${s.body}),
        setweight(to_tsvector('english', ${s.head}), 'A') ||
        setweight(to_tsvector('english', ${s.tags}), 'B') ||
        setweight(to_tsvector('english', ${s.body}), 'D')
      from ${s.from} where ${where};`;
}

/** What changes a document, per kind: its own columns, its category links, and names it shows. */
type TTrigger = { name: string; on: string; event: string; where: string; oneId?: string };

function triggersFor(s: TDocSource): TTrigger[] {
  const own =
    s.kind === 'class' || s.kind === 'podcast'
      ? 'title, blurb, description, speaker_id, company_id'
      : s.kind === 'blog_post'
        ? 'title, author, blurb, company_id'
        : 'title, author, blurb, description';
  const link =
    s.kind === 'class'
      ? ['class_categories', 'class_id']
      : s.kind === 'podcast'
        ? ['podcast_categories', 'podcast_id']
        : s.kind === 'blog_post'
          ? ['blog_post_categories', 'blog_post_id']
          : null;
  const list: TTrigger[] = [
    { name: `${s.table}_ins`, on: s.table, event: 'insert', where: 'c.id = NEW.id', oneId: 'NEW.id' },
    {
      name: `${s.table}_upd`,
      on: s.table,
      event: `update of ${own}`,
      where: 'c.id = NEW.id',
      oneId: 'NEW.id',
    },
  ];
  if (link) {
    list.push(
      {
        name: `${link[0]}_ins`,
        on: link[0]!,
        event: 'insert',
        where: `c.id = NEW.${link[1]}`,
        oneId: `NEW.${link[1]}`,
      },
      {
        name: `${link[0]}_del`,
        on: link[0]!,
        event: 'delete',
        where: `c.id = OLD.${link[1]}`,
        oneId: `OLD.${link[1]}`,
      },
      {
        name: `${s.table}_cat_upd`,
        on: 'categories',
        event: 'update of name',
        where: `c.id in (select ${link[1]} from ${link[0]} where category_id = NEW.id)`,
      },
    );
  }
  if (s.kind !== 'drilldown') {
    list.push({
      name: `${s.table}_co_upd`,
      on: 'companies',
      event: 'update of name',
      where: 'c.company_id = NEW.id',
    });
  }
  if (s.kind === 'class' || s.kind === 'podcast') {
    list.push({
      name: `${s.table}_sp_upd`,
      on: 'speakers',
      event: 'update of name',
      where: 'c.speaker_id = NEW.id',
    });
  }
  return list;
}

/** Creates the full-text indexes, their triggers, and indexes every existing row. */
export async function createSearchIndexes(db: Kysely<unknown>, dialect: TDialectName): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (dialect === 'sqlite') {
    await run(
      `create virtual table fts_search using fts5(kind unindexed, item_id, head, tags, body, tokenize = 'porter unicode61 remove_diacritics 2')`,
    );
    await run(
      `create virtual table fts_trigram using fts5(kind unindexed, item_id, head, doc, tokenize = 'trigram')`,
    );
    for (const s of sources(dialect)) {
      for (const t of triggersFor(s)) {
        await run(
          `create trigger fts_${t.name} after ${t.event} on ${t.on} begin ${sqliteRefresh(s, t.where, t.oneId)} end`,
        );
      }
      const dropped = sqliteRefresh(s, '0 = 1', 'OLD.id').split(';').slice(0, 2).join(';');
      await run(`create trigger fts_${s.table}_del after delete on ${s.table} begin ${dropped}; end`);
      for (const statement of sqliteRefresh(s, '1 = 1').split(';').slice(2)) {
        if (statement.trim()) await run(statement);
      }
    }
    return;
  }
  await run('create extension if not exists pg_trgm');
  await run(
    `create table fts_docs (kind text not null, item_id text not null, head text not null, doc text not null,
       vector tsvector not null)`,
  );
  // Writes find a document by its id; ids are unique across kinds (random UUIDs). No index
  // leads with kind: a search must come through the text indexes below.
  await run('create index fts_docs_item_id_ix on fts_docs (item_id)');
  await run('create index fts_docs_vector_ix on fts_docs using gin (vector)');
  await run('create index fts_docs_doc_trgm_ix on fts_docs using gin (doc gin_trgm_ops)');
  await run('create index fts_docs_head_trgm_ix on fts_docs using gin (head gin_trgm_ops)');
  for (const s of sources(dialect)) {
    for (const t of triggersFor(s)) {
      const row = t.event === 'delete' ? 'OLD' : 'NEW';
      await run(
        `create function fts_${t.name}() returns trigger language plpgsql as $$ begin ${postgresRefresh(s, t.where)} return ${row}; end $$`,
      );
      await run(
        `create trigger fts_${t.name} after ${t.event} on ${t.on} for each row execute function fts_${t.name}()`,
      );
    }
    await run(
      `create function fts_${s.table}_del() returns trigger language plpgsql as $$ begin
         delete from fts_docs where kind = '${s.kind}' and item_id = OLD.id; return OLD; end $$`,
    );
    await run(
      `create trigger fts_${s.table}_del after delete on ${s.table} for each row execute function fts_${s.table}_del()`,
    );
    await run(postgresRefresh(s, '1 = 1').split(';')[1]!);
  }
}
