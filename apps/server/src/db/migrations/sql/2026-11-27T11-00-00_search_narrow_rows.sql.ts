/*
 * Frozen (docs/decisions/0003): the statements migration 2026-11-27T11-00-00_search_narrow_rows runs on each engine, as
 * createSearchRows in db/dialect/search.ts wrote them on 27 November 2026, copied here so that the migration never
 * depends on live code. Never edit: a change to the schema is a new migration.
 */
export const statements: Record<'sqlite' | 'postgres', readonly string[]> = {
  sqlite: [
    `drop trigger fts_classes_ins`,
    `drop trigger fts_classes_upd`,
    `drop trigger fts_class_categories_ins`,
    `drop trigger fts_class_categories_del`,
    `drop trigger fts_classes_cat_upd`,
    `drop trigger fts_classes_co_upd`,
    `drop trigger fts_classes_sp_upd`,
    `drop trigger fts_classes_del`,
    `drop trigger fts_podcasts_ins`,
    `drop trigger fts_podcasts_upd`,
    `drop trigger fts_podcast_categories_ins`,
    `drop trigger fts_podcast_categories_del`,
    `drop trigger fts_podcasts_cat_upd`,
    `drop trigger fts_podcasts_co_upd`,
    `drop trigger fts_podcasts_sp_upd`,
    `drop trigger fts_podcasts_del`,
    `drop trigger fts_blog_posts_ins`,
    `drop trigger fts_blog_posts_upd`,
    `drop trigger fts_blog_post_categories_ins`,
    `drop trigger fts_blog_post_categories_del`,
    `drop trigger fts_blog_posts_cat_upd`,
    `drop trigger fts_blog_posts_co_upd`,
    `drop trigger fts_blog_posts_del`,
    `drop trigger fts_drilldowns_ins`,
    `drop trigger fts_drilldowns_upd`,
    `drop trigger fts_drilldowns_del`,
    `drop table fts_search`,
    `drop table fts_trigram`,
    `create table fts_rows (id integer primary key, kind text not null, item_id text not null unique)`,
    `create table fts_texts (id integer primary key, head text not null, doc text not null)`,
    `create virtual table fts_search using fts5(head, tags, body, content = '', contentless_delete = 1,
       tokenize = 'porter unicode61 remove_diacritics 2')`,
    `create virtual table fts_trigram using fts5(head, doc, content = '', contentless_delete = 1, tokenize = 'trigram')`,
    `create trigger fts_classes_ins after insert on classes begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.id);
insert into fts_rows (kind, item_id) select 'class', c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id); end`,
    `create trigger fts_classes_upd after update of title, blurb, description, speaker_id, company_id on classes begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.id);
insert into fts_rows (kind, item_id) select 'class', c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id); end`,
    `create trigger fts_class_categories_ins after insert on class_categories begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.class_id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.class_id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.class_id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.class_id);
insert into fts_rows (kind, item_id) select 'class', c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.class_id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.class_id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.class_id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.class_id); end`,
    `create trigger fts_class_categories_del after delete on class_categories begin delete from fts_search where rowid in (select id from fts_rows where item_id = OLD.class_id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = OLD.class_id);
delete from fts_texts where id in (select id from fts_rows where item_id = OLD.class_id);
delete from fts_rows where id in (select id from fts_rows where item_id = OLD.class_id);
insert into fts_rows (kind, item_id) select 'class', c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.class_id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = OLD.class_id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = OLD.class_id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.class_id); end`,
    `create trigger fts_classes_cat_upd after update of name on categories begin delete from fts_search where rowid in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id)));
delete from fts_trigram where rowid in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id)));
delete from fts_texts where id in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id)));
delete from fts_rows where id in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id)));
insert into fts_rows (kind, item_id) select 'class', c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id);
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'class' and (c.id in (select class_id from class_categories where category_id = NEW.id));
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'class' and (c.id in (select class_id from class_categories where category_id = NEW.id));
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id)); end`,
    `create trigger fts_classes_co_upd after update of name on companies begin delete from fts_search where rowid in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id));
delete from fts_trigram where rowid in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id));
delete from fts_texts where id in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id));
delete from fts_rows where id in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id));
insert into fts_rows (kind, item_id) select 'class', c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'class' and (c.company_id = NEW.id);
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'class' and (c.company_id = NEW.id);
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id); end`,
    `create trigger fts_classes_sp_upd after update of name on speakers begin delete from fts_search where rowid in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id));
delete from fts_trigram where rowid in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id));
delete from fts_texts where id in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id));
delete from fts_rows where id in (select id from fts_rows where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id));
insert into fts_rows (kind, item_id) select 'class', c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'class' and (c.speaker_id = NEW.id);
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'class' and (c.speaker_id = NEW.id);
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id); end`,
    `create trigger fts_classes_del after delete on classes begin delete from fts_search where rowid in (select id from fts_rows where item_id = OLD.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = OLD.id);
delete from fts_texts where id in (select id from fts_rows where item_id = OLD.id);
delete from fts_rows where id in (select id from fts_rows where item_id = OLD.id); end`,
    `insert into fts_rows (kind, item_id) select 'class', c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1`,
    `insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'class' and (1 = 1)`,
    `insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'class' and (1 = 1)`,
    `insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1)`,
    `create trigger fts_podcasts_ins after insert on podcasts begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.id);
insert into fts_rows (kind, item_id) select 'podcast', c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id); end`,
    `create trigger fts_podcasts_upd after update of title, blurb, description, speaker_id, company_id on podcasts begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.id);
insert into fts_rows (kind, item_id) select 'podcast', c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id); end`,
    `create trigger fts_podcast_categories_ins after insert on podcast_categories begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.podcast_id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.podcast_id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.podcast_id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.podcast_id);
insert into fts_rows (kind, item_id) select 'podcast', c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.podcast_id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.podcast_id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.podcast_id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.podcast_id); end`,
    `create trigger fts_podcast_categories_del after delete on podcast_categories begin delete from fts_search where rowid in (select id from fts_rows where item_id = OLD.podcast_id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = OLD.podcast_id);
delete from fts_texts where id in (select id from fts_rows where item_id = OLD.podcast_id);
delete from fts_rows where id in (select id from fts_rows where item_id = OLD.podcast_id);
insert into fts_rows (kind, item_id) select 'podcast', c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.podcast_id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = OLD.podcast_id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = OLD.podcast_id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.podcast_id); end`,
    `create trigger fts_podcasts_cat_upd after update of name on categories begin delete from fts_search where rowid in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id)));
delete from fts_trigram where rowid in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id)));
delete from fts_texts where id in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id)));
delete from fts_rows where id in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id)));
insert into fts_rows (kind, item_id) select 'podcast', c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id);
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'podcast' and (c.id in (select podcast_id from podcast_categories where category_id = NEW.id));
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'podcast' and (c.id in (select podcast_id from podcast_categories where category_id = NEW.id));
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id)); end`,
    `create trigger fts_podcasts_co_upd after update of name on companies begin delete from fts_search where rowid in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id));
delete from fts_trigram where rowid in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id));
delete from fts_texts where id in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id));
delete from fts_rows where id in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id));
insert into fts_rows (kind, item_id) select 'podcast', c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'podcast' and (c.company_id = NEW.id);
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'podcast' and (c.company_id = NEW.id);
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id); end`,
    `create trigger fts_podcasts_sp_upd after update of name on speakers begin delete from fts_search where rowid in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id));
delete from fts_trigram where rowid in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id));
delete from fts_texts where id in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id));
delete from fts_rows where id in (select id from fts_rows where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id));
insert into fts_rows (kind, item_id) select 'podcast', c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'podcast' and (c.speaker_id = NEW.id);
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'podcast' and (c.speaker_id = NEW.id);
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id); end`,
    `create trigger fts_podcasts_del after delete on podcasts begin delete from fts_search where rowid in (select id from fts_rows where item_id = OLD.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = OLD.id);
delete from fts_texts where id in (select id from fts_rows where item_id = OLD.id);
delete from fts_rows where id in (select id from fts_rows where item_id = OLD.id); end`,
    `insert into fts_rows (kind, item_id) select 'podcast', c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1`,
    `insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'podcast' and (1 = 1)`,
    `insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'podcast' and (1 = 1)`,
    `insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1)`,
    `create trigger fts_blog_posts_ins after insert on blog_posts begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.id);
insert into fts_rows (kind, item_id) select 'blog_post', c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id); end`,
    `create trigger fts_blog_posts_upd after update of title, author, blurb, company_id on blog_posts begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.id);
insert into fts_rows (kind, item_id) select 'blog_post', c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id); end`,
    `create trigger fts_blog_post_categories_ins after insert on blog_post_categories begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.blog_post_id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.blog_post_id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.blog_post_id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.blog_post_id);
insert into fts_rows (kind, item_id) select 'blog_post', c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.blog_post_id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.blog_post_id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = NEW.blog_post_id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.blog_post_id); end`,
    `create trigger fts_blog_post_categories_del after delete on blog_post_categories begin delete from fts_search where rowid in (select id from fts_rows where item_id = OLD.blog_post_id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = OLD.blog_post_id);
delete from fts_texts where id in (select id from fts_rows where item_id = OLD.blog_post_id);
delete from fts_rows where id in (select id from fts_rows where item_id = OLD.blog_post_id);
insert into fts_rows (kind, item_id) select 'blog_post', c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = OLD.blog_post_id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = OLD.blog_post_id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.item_id = OLD.blog_post_id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = OLD.blog_post_id); end`,
    `create trigger fts_blog_posts_cat_upd after update of name on categories begin delete from fts_search where rowid in (select id from fts_rows where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id)));
delete from fts_trigram where rowid in (select id from fts_rows where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id)));
delete from fts_texts where id in (select id from fts_rows where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id)));
delete from fts_rows where id in (select id from fts_rows where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id)));
insert into fts_rows (kind, item_id) select 'blog_post', c.id from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id);
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'blog_post' and (c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id));
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'blog_post' and (c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id));
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id)); end`,
    `create trigger fts_blog_posts_co_upd after update of name on companies begin delete from fts_search where rowid in (select id from fts_rows where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id));
delete from fts_trigram where rowid in (select id from fts_rows where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id));
delete from fts_texts where id in (select id from fts_rows where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id));
delete from fts_rows where id in (select id from fts_rows where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id));
insert into fts_rows (kind, item_id) select 'blog_post', c.id from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'blog_post' and (c.company_id = NEW.id);
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'blog_post' and (c.company_id = NEW.id);
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id); end`,
    `create trigger fts_blog_posts_del after delete on blog_posts begin delete from fts_search where rowid in (select id from fts_rows where item_id = OLD.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = OLD.id);
delete from fts_texts where id in (select id from fts_rows where item_id = OLD.id);
delete from fts_rows where id in (select id from fts_rows where item_id = OLD.id); end`,
    `insert into fts_rows (kind, item_id) select 'blog_post', c.id from blog_posts c left join companies co on co.id = c.company_id where 1 = 1`,
    `insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'blog_post' and (1 = 1)`,
    `insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id join fts_rows r on r.item_id = c.id where r.kind = 'blog_post' and (1 = 1)`,
    `insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where 1 = 1)`,
    `create trigger fts_drilldowns_ins after insert on drilldowns begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.id);
insert into fts_rows (kind, item_id) select 'drilldown', c.id from drilldowns c where c.id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || '' || ' ' || c.blurb || ' ' || c.description from drilldowns c join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, '', c.blurb || ' ' || c.description from drilldowns c join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from drilldowns c where c.id = NEW.id); end`,
    `create trigger fts_drilldowns_upd after update of title, author, blurb, description on drilldowns begin delete from fts_search where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = NEW.id);
delete from fts_texts where id in (select id from fts_rows where item_id = NEW.id);
delete from fts_rows where id in (select id from fts_rows where item_id = NEW.id);
insert into fts_rows (kind, item_id) select 'drilldown', c.id from drilldowns c where c.id = NEW.id;
insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || '' || ' ' || c.blurb || ' ' || c.description from drilldowns c join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, '', c.blurb || ' ' || c.description from drilldowns c join fts_rows r on r.item_id = c.id where r.item_id = NEW.id;
insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from drilldowns c where c.id = NEW.id); end`,
    `create trigger fts_drilldowns_del after delete on drilldowns begin delete from fts_search where rowid in (select id from fts_rows where item_id = OLD.id);
delete from fts_trigram where rowid in (select id from fts_rows where item_id = OLD.id);
delete from fts_texts where id in (select id from fts_rows where item_id = OLD.id);
delete from fts_rows where id in (select id from fts_rows where item_id = OLD.id); end`,
    `insert into fts_rows (kind, item_id) select 'drilldown', c.id from drilldowns c where 1 = 1`,
    `insert into fts_texts (id, head, doc)
         select r.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || '' || ' ' || c.blurb || ' ' || c.description from drilldowns c join fts_rows r on r.item_id = c.id where r.kind = 'drilldown' and (1 = 1)`,
    `insert into fts_search (rowid, head, tags, body)
         select r.id, c.title || ' ' || c.author, '', c.blurb || ' ' || c.description from drilldowns c join fts_rows r on r.item_id = c.id where r.kind = 'drilldown' and (1 = 1)`,
    `insert into fts_trigram (rowid, head, doc)
         select t.id, t.head, t.doc from fts_texts t join fts_rows r on r.id = t.id
           where r.item_id in (select c.id from drilldowns c where 1 = 1)`,
  ],
  postgres: [
    `alter index fts_docs_vector_ix set (fastupdate = off)`,
    `select gin_clean_pending_list('fts_docs_vector_ix'::regclass)`,
    `alter index fts_docs_doc_trgm_ix set (fastupdate = off)`,
    `select gin_clean_pending_list('fts_docs_doc_trgm_ix'::regclass)`,
    `alter index fts_docs_head_trgm_ix set (fastupdate = off)`,
    `select gin_clean_pending_list('fts_docs_head_trgm_ix'::regclass)`,
    `alter index fts_transcripts_plain_trgm set (fastupdate = off)`,
    `select gin_clean_pending_list('fts_transcripts_plain_trgm'::regclass)`,
  ],
};
