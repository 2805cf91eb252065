import { sql, type Kysely, type RawBuilder } from 'kysely';
import { patternFragments } from '@opence/shared';
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

/** Subquery giving the ids of one kind's documents whose stems match a phrase (as a prefix). */
export function fullTextIds(
  dialect: TDialectName,
  kind: TSearchKind,
  phrases: string[][],
  scope: TSearchScope,
): RawBuilder<unknown> {
  if (dialect === 'sqlite') {
    const any = phrases.map((p) => `"${p.join(' ')}"*`).join(' OR ');
    const expr = scope === 'all' ? `(${any})` : `{${scope}} : (${any})`;
    return sql`select item_id from fts_search where fts_search match ${expr} and kind = ${kind}`;
  }
  const weight = scope === 'head' ? 'A' : scope === 'tags' ? 'B' : '';
  const query = phrases
    .map((p) => `(${p.map((t, i) => (i === p.length - 1 ? `${t}:*${weight}` : weight ? `${t}:${weight}` : t)).join(' <-> ')})`)
    .join(' | ');
  return sql`select item_id from fts_docs where kind = ${kind} and vector @@ to_tsquery('english', ${query})`;
}

/** Subquery giving the ids of one kind's documents containing one of the patterns. */
export function trigramIds(
  dialect: TDialectName,
  kind: TSearchKind,
  patterns: string[],
  scope: 'all' | 'head',
): RawBuilder<unknown> {
  const column = sql.ref(scope === 'head' ? 'head' : 'doc');
  const likes = sql.join(
    patterns.map((p) => sql`${column} like ${`%${p}%`}`),
    sql` or `,
  );
  if (dialect === 'sqlite') {
    // The MATCH narrows through the trigram index; LIKE keeps only the rows with the pattern.
    const anyPattern = patterns
      .map((p) => {
        const runs = patternFragments(p).filter((f) => f.length >= 3);
        return `(${runs.map((f) => `"${f}"`).join(' AND ')})`;
      })
      .join(' OR ');
    const expr = `{${scope === 'head' ? 'head' : 'doc'}} : (${anyPattern})`;
    return sql`select item_id from fts_trigram where fts_trigram match ${expr} and kind = ${kind} and (${likes})`;
  }
  return sql`select item_id from fts_docs where kind = ${kind} and (${likes})`;
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

/** SQLite: statements that rebuild the documents of the content rows `where` picks (alias c). */
function sqliteRefresh(s: TDocSource, where: string): string {
  const ids = `(select c.id from ${s.from} where ${where})`;
  return `
    delete from fts_search where kind = '${s.kind}' and item_id in ${ids};
    delete from fts_trigram where kind = '${s.kind}' and item_id in ${ids};
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
function triggersFor(s: TDocSource): { name: string; on: string; event: string; where: string }[] {
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
  const list = [
    { name: `${s.table}_ins`, on: s.table, event: 'insert', where: 'c.id = NEW.id' },
    { name: `${s.table}_upd`, on: s.table, event: `update of ${own}`, where: 'c.id = NEW.id' },
  ];
  if (link) {
    list.push(
      { name: `${link[0]}_ins`, on: link[0]!, event: 'insert', where: `c.id = NEW.${link[1]}` },
      { name: `${link[0]}_del`, on: link[0]!, event: 'delete', where: `c.id = OLD.${link[1]}` },
      {
        name: `${s.table}_cat_upd`,
        on: 'categories',
        event: 'update of name',
        where: `c.id in (select ${link[1]} from ${link[0]} where category_id = NEW.id)`,
      },
    );
  }
  if (s.kind !== 'drilldown') {
    list.push({ name: `${s.table}_co_upd`, on: 'companies', event: 'update of name', where: 'c.company_id = NEW.id' });
  }
  if (s.kind === 'class' || s.kind === 'podcast') {
    list.push({ name: `${s.table}_sp_upd`, on: 'speakers', event: 'update of name', where: 'c.speaker_id = NEW.id' });
  }
  return list;
}

/** Creates the full-text indexes, their triggers, and indexes every existing row. */
export async function createSearchIndexes(db: Kysely<unknown>, dialect: TDialectName): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (dialect === 'sqlite') {
    await run(
      `create virtual table fts_search using fts5(kind unindexed, item_id unindexed, head, tags, body, tokenize = 'porter unicode61 remove_diacritics 2')`,
    );
    await run(
      `create virtual table fts_trigram using fts5(kind unindexed, item_id unindexed, head, doc, tokenize = 'trigram')`,
    );
    for (const s of sources(dialect)) {
      for (const t of triggersFor(s)) {
        await run(`create trigger fts_${t.name} after ${t.event} on ${t.on} begin ${sqliteRefresh(s, t.where)} end`);
      }
      await run(
        `create trigger fts_${s.table}_del after delete on ${s.table} begin
           delete from fts_search where kind = '${s.kind}' and item_id = OLD.id;
           delete from fts_trigram where kind = '${s.kind}' and item_id = OLD.id;
         end`,
      );
      for (const statement of sqliteRefresh(s, '1 = 1').split(';').slice(2)) {
        if (statement.trim()) await run(statement);
      }
    }
    return;
  }
  await run('create extension if not exists pg_trgm');
  await run(
    `create table fts_docs (kind text not null, item_id text not null, head text not null, doc text not null,
       vector tsvector not null, primary key (kind, item_id))`,
  );
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
    await run(`create trigger fts_${s.table}_del after delete on ${s.table} for each row execute function fts_${s.table}_del()`);
    await run(postgresRefresh(s, '1 = 1').split(';')[1]!);
  }
}
