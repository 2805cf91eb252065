/*
 * Frozen (docs/decisions/0003): the statements migration 2026-11-26T15-00-00_search_transcripts runs on each engine, as
 * createTranscriptIndex in db/dialect/search.ts wrote them on 27 November 2026, copied here so that the migration never
 * depends on live code. Never edit: a change to the schema is a new migration.
 */
export const statements: Record<'sqlite' | 'postgres', readonly string[]> = {
  sqlite: [
    `create virtual table fts_transcripts using fts5(media, plain, tokenize = 'trigram')`,
    `create trigger fts_media_transcripts_ins after insert on media_transcripts begin insert into fts_transcripts (media, plain) values (NEW.media, NEW.plain); end`,
    `create trigger fts_media_transcripts_upd after update of media, plain on media_transcripts begin delete from fts_transcripts where fts_transcripts match '{media} : "' || replace(OLD.media, '"', '""') || '"' and media = OLD.media; insert into fts_transcripts (media, plain) values (NEW.media, NEW.plain); end`,
    `create trigger fts_media_transcripts_del after delete on media_transcripts begin delete from fts_transcripts where fts_transcripts match '{media} : "' || replace(OLD.media, '"', '""') || '"' and media = OLD.media; end`,
    `insert into fts_transcripts (media, plain) select media, plain from media_transcripts`,
  ],
  postgres: [
    `create index fts_transcripts_plain_trgm on media_transcripts using gin (lower(plain) gin_trgm_ops)`,
  ],
};
