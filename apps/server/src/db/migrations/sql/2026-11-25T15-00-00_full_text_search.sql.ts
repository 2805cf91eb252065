/*
 * Frozen (docs/decisions/0003): the statements migration 2026-11-25T15-00-00_full_text_search runs on each engine, as
 * createSearchIndexes in db/dialect/search.ts wrote them on 27 November 2026, copied here so that the migration never
 * depends on live code. Never edit: a change to the schema is a new migration.
 */
export const statements: Record<'sqlite' | 'postgres', readonly string[]> = {
  sqlite: [
    `create virtual table fts_search using fts5(kind unindexed, item_id, head, tags, body, tokenize = 'porter unicode61 remove_diacritics 2')`,
    `create virtual table fts_trigram using fts5(kind unindexed, item_id, head, doc, tokenize = 'trigram')`,
    `create trigger fts_classes_ins after insert on classes begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'class' and item_id = NEW.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'class' and item_id = NEW.id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id; end`,
    `create trigger fts_classes_upd after update of title, blurb, description, speaker_id, company_id on classes begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'class' and item_id = NEW.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'class' and item_id = NEW.id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id; end`,
    `create trigger fts_class_categories_ins after insert on class_categories begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.class_id, '"', '""') || '"' and kind = 'class' and item_id = NEW.class_id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.class_id, '"', '""') || '"' and kind = 'class' and item_id = NEW.class_id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.class_id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.class_id; end`,
    `create trigger fts_class_categories_del after delete on class_categories begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(OLD.class_id, '"', '""') || '"' and kind = 'class' and item_id = OLD.class_id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(OLD.class_id, '"', '""') || '"' and kind = 'class' and item_id = OLD.class_id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.class_id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.class_id; end`,
    `create trigger fts_classes_cat_upd after update of name on categories begin 
    delete from fts_search where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id));
    delete from fts_trigram where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id));
    insert into fts_search (kind, item_id, head, tags, body)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id);
    insert into fts_trigram (kind, item_id, head, doc)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id); end`,
    `create trigger fts_classes_co_upd after update of name on companies begin 
    delete from fts_search where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id);
    delete from fts_trigram where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id);
    insert into fts_search (kind, item_id, head, tags, body)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id; end`,
    `create trigger fts_classes_sp_upd after update of name on speakers begin 
    delete from fts_search where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id);
    delete from fts_trigram where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id);
    insert into fts_search (kind, item_id, head, tags, body)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id; end`,
    `create trigger fts_classes_del after delete on classes begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(OLD.id, '"', '""') || '"' and kind = 'class' and item_id = OLD.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(OLD.id, '"', '""') || '"' and kind = 'class' and item_id = OLD.id; end`,
    `
    insert into fts_search (kind, item_id, head, tags, body)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), ''), c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1`,
    `
    insert into fts_trigram (kind, item_id, head, doc)
      select 'class', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1`,
    `create trigger fts_podcasts_ins after insert on podcasts begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'podcast' and item_id = NEW.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'podcast' and item_id = NEW.id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id; end`,
    `create trigger fts_podcasts_upd after update of title, blurb, description, speaker_id, company_id on podcasts begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'podcast' and item_id = NEW.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'podcast' and item_id = NEW.id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id; end`,
    `create trigger fts_podcast_categories_ins after insert on podcast_categories begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.podcast_id, '"', '""') || '"' and kind = 'podcast' and item_id = NEW.podcast_id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.podcast_id, '"', '""') || '"' and kind = 'podcast' and item_id = NEW.podcast_id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.podcast_id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.podcast_id; end`,
    `create trigger fts_podcast_categories_del after delete on podcast_categories begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(OLD.podcast_id, '"', '""') || '"' and kind = 'podcast' and item_id = OLD.podcast_id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(OLD.podcast_id, '"', '""') || '"' and kind = 'podcast' and item_id = OLD.podcast_id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.podcast_id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.podcast_id; end`,
    `create trigger fts_podcasts_cat_upd after update of name on categories begin 
    delete from fts_search where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id));
    delete from fts_trigram where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id));
    insert into fts_search (kind, item_id, head, tags, body)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id);
    insert into fts_trigram (kind, item_id, head, doc)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id); end`,
    `create trigger fts_podcasts_co_upd after update of name on companies begin 
    delete from fts_search where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id);
    delete from fts_trigram where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id);
    insert into fts_search (kind, item_id, head, tags, body)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id; end`,
    `create trigger fts_podcasts_sp_upd after update of name on speakers begin 
    delete from fts_search where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id);
    delete from fts_trigram where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id);
    insert into fts_search (kind, item_id, head, tags, body)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id; end`,
    `create trigger fts_podcasts_del after delete on podcasts begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(OLD.id, '"', '""') || '"' and kind = 'podcast' and item_id = OLD.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(OLD.id, '"', '""') || '"' and kind = 'podcast' and item_id = OLD.id; end`,
    `
    insert into fts_search (kind, item_id, head, tags, body)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), ''), c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1`,
    `
    insert into fts_trigram (kind, item_id, head, doc)
      select 'podcast', c.id, c.title || ' ' || coalesce(s.name, ''), c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1`,
    `create trigger fts_blog_posts_ins after insert on blog_posts begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'blog_post' and item_id = NEW.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'blog_post' and item_id = NEW.id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'blog_post', c.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'blog_post', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id; end`,
    `create trigger fts_blog_posts_upd after update of title, author, blurb, company_id on blog_posts begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'blog_post' and item_id = NEW.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'blog_post' and item_id = NEW.id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'blog_post', c.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'blog_post', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id; end`,
    `create trigger fts_blog_post_categories_ins after insert on blog_post_categories begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.blog_post_id, '"', '""') || '"' and kind = 'blog_post' and item_id = NEW.blog_post_id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.blog_post_id, '"', '""') || '"' and kind = 'blog_post' and item_id = NEW.blog_post_id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'blog_post', c.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.blog_post_id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'blog_post', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.blog_post_id; end`,
    `create trigger fts_blog_post_categories_del after delete on blog_post_categories begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(OLD.blog_post_id, '"', '""') || '"' and kind = 'blog_post' and item_id = OLD.blog_post_id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(OLD.blog_post_id, '"', '""') || '"' and kind = 'blog_post' and item_id = OLD.blog_post_id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'blog_post', c.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id = OLD.blog_post_id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'blog_post', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id = OLD.blog_post_id; end`,
    `create trigger fts_blog_posts_cat_upd after update of name on categories begin 
    delete from fts_search where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id));
    delete from fts_trigram where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id));
    insert into fts_search (kind, item_id, head, tags, body)
      select 'blog_post', c.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id);
    insert into fts_trigram (kind, item_id, head, doc)
      select 'blog_post', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id); end`,
    `create trigger fts_blog_posts_co_upd after update of name on companies begin 
    delete from fts_search where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id);
    delete from fts_trigram where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id);
    insert into fts_search (kind, item_id, head, tags, body)
      select 'blog_post', c.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'blog_post', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id; end`,
    `create trigger fts_blog_posts_del after delete on blog_posts begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(OLD.id, '"', '""') || '"' and kind = 'blog_post' and item_id = OLD.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(OLD.id, '"', '""') || '"' and kind = 'blog_post' and item_id = OLD.id; end`,
    `
    insert into fts_search (kind, item_id, head, tags, body)
      select 'blog_post', c.id, c.title || ' ' || c.author, coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), ''), c.blurb from blog_posts c left join companies co on co.id = c.company_id where 1 = 1`,
    `
    insert into fts_trigram (kind, item_id, head, doc)
      select 'blog_post', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select group_concat(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb from blog_posts c left join companies co on co.id = c.company_id where 1 = 1`,
    `create trigger fts_drilldowns_ins after insert on drilldowns begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'drilldown' and item_id = NEW.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'drilldown' and item_id = NEW.id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'drilldown', c.id, c.title || ' ' || c.author, '', c.blurb || ' ' || c.description from drilldowns c where c.id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'drilldown', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || '' || ' ' || c.blurb || ' ' || c.description from drilldowns c where c.id = NEW.id; end`,
    `create trigger fts_drilldowns_upd after update of title, author, blurb, description on drilldowns begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'drilldown' and item_id = NEW.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(NEW.id, '"', '""') || '"' and kind = 'drilldown' and item_id = NEW.id;
    insert into fts_search (kind, item_id, head, tags, body)
      select 'drilldown', c.id, c.title || ' ' || c.author, '', c.blurb || ' ' || c.description from drilldowns c where c.id = NEW.id;
    insert into fts_trigram (kind, item_id, head, doc)
      select 'drilldown', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || '' || ' ' || c.blurb || ' ' || c.description from drilldowns c where c.id = NEW.id; end`,
    `create trigger fts_drilldowns_del after delete on drilldowns begin 
    delete from fts_search where fts_search match '{item_id} : "' || replace(OLD.id, '"', '""') || '"' and kind = 'drilldown' and item_id = OLD.id;
    delete from fts_trigram where fts_trigram match '{item_id} : "' || replace(OLD.id, '"', '""') || '"' and kind = 'drilldown' and item_id = OLD.id; end`,
    `
    insert into fts_search (kind, item_id, head, tags, body)
      select 'drilldown', c.id, c.title || ' ' || c.author, '', c.blurb || ' ' || c.description from drilldowns c where 1 = 1`,
    `
    insert into fts_trigram (kind, item_id, head, doc)
      select 'drilldown', c.id, c.title || ' ' || c.author, c.title || ' ' || c.author || ' ' || '' || ' ' || c.blurb || ' ' || c.description from drilldowns c where 1 = 1`,
  ],
  postgres: [
    `create extension if not exists pg_trgm`,
    `create table fts_docs (kind text not null, item_id text not null, head text not null, doc text not null,
       vector tsvector not null)`,
    `create index fts_docs_item_id_ix on fts_docs (item_id)`,
    `create index fts_docs_vector_ix on fts_docs using gin (vector)`,
    `create index fts_docs_doc_trgm_ix on fts_docs using gin (doc gin_trgm_ops)`,
    `create index fts_docs_head_trgm_ix on fts_docs using gin (head gin_trgm_ops)`,
    `create function fts_classes_ins() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'class', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id; return NEW; end $$`,
    `create trigger fts_classes_ins after insert on classes for each row execute function fts_classes_ins()`,
    `create function fts_classes_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'class', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id; return NEW; end $$`,
    `create trigger fts_classes_upd after update of title, blurb, description, speaker_id, company_id on classes for each row execute function fts_classes_upd()`,
    `create function fts_class_categories_ins() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.class_id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'class', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.class_id; return NEW; end $$`,
    `create trigger fts_class_categories_ins after insert on class_categories for each row execute function fts_class_categories_ins()`,
    `create function fts_class_categories_del() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.class_id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'class', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.class_id; return OLD; end $$`,
    `create trigger fts_class_categories_del after delete on class_categories for each row execute function fts_class_categories_del()`,
    `create function fts_classes_cat_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id));
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'class', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select class_id from class_categories where category_id = NEW.id); return NEW; end $$`,
    `create trigger fts_classes_cat_upd after update of name on categories for each row execute function fts_classes_cat_upd()`,
    `create function fts_classes_co_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'class', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id; return NEW; end $$`,
    `create trigger fts_classes_co_upd after update of name on companies for each row execute function fts_classes_co_upd()`,
    `create function fts_classes_sp_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'class' and item_id in (select c.id from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'class', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id; return NEW; end $$`,
    `create trigger fts_classes_sp_upd after update of name on speakers for each row execute function fts_classes_sp_upd()`,
    `create function fts_classes_del() returns trigger language plpgsql as $$ begin
         delete from fts_docs where kind = 'class' and item_id = OLD.id; return OLD; end $$`,
    `create trigger fts_classes_del after delete on classes for each row execute function fts_classes_del()`,
    `
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'class', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from class_categories l join categories cat on cat.id = l.category_id where l.class_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from classes c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1`,
    `create function fts_podcasts_ins() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'podcast', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id; return NEW; end $$`,
    `create trigger fts_podcasts_ins after insert on podcasts for each row execute function fts_podcasts_ins()`,
    `create function fts_podcasts_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'podcast', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.id; return NEW; end $$`,
    `create trigger fts_podcasts_upd after update of title, blurb, description, speaker_id, company_id on podcasts for each row execute function fts_podcasts_upd()`,
    `create function fts_podcast_categories_ins() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.podcast_id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'podcast', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = NEW.podcast_id; return NEW; end $$`,
    `create trigger fts_podcast_categories_ins after insert on podcast_categories for each row execute function fts_podcast_categories_ins()`,
    `create function fts_podcast_categories_del() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.podcast_id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'podcast', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id = OLD.podcast_id; return OLD; end $$`,
    `create trigger fts_podcast_categories_del after delete on podcast_categories for each row execute function fts_podcast_categories_del()`,
    `create function fts_podcasts_cat_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id));
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'podcast', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.id in (select podcast_id from podcast_categories where category_id = NEW.id); return NEW; end $$`,
    `create trigger fts_podcasts_cat_upd after update of name on categories for each row execute function fts_podcasts_cat_upd()`,
    `create function fts_podcasts_co_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'podcast', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.company_id = NEW.id; return NEW; end $$`,
    `create trigger fts_podcasts_co_upd after update of name on companies for each row execute function fts_podcasts_co_upd()`,
    `create function fts_podcasts_sp_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'podcast' and item_id in (select c.id from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'podcast', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where c.speaker_id = NEW.id; return NEW; end $$`,
    `create trigger fts_podcasts_sp_upd after update of name on speakers for each row execute function fts_podcasts_sp_upd()`,
    `create function fts_podcasts_del() returns trigger language plpgsql as $$ begin
         delete from fts_docs where kind = 'podcast' and item_id = OLD.id; return OLD; end $$`,
    `create trigger fts_podcasts_del after delete on podcasts for each row execute function fts_podcasts_del()`,
    `
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'podcast', c.id, lower(c.title || ' ' || coalesce(s.name, '')), lower(c.title || ' ' || coalesce(s.name, '') || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '') || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || coalesce(s.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from podcast_categories l join categories cat on cat.id = l.category_id where l.podcast_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from podcasts c left join speakers s on s.id = c.speaker_id left join companies co on co.id = c.company_id where 1 = 1`,
    `create function fts_blog_posts_ins() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'blog_post', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb), 'D')
      from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id; return NEW; end $$`,
    `create trigger fts_blog_posts_ins after insert on blog_posts for each row execute function fts_blog_posts_ins()`,
    `create function fts_blog_posts_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'blog_post', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb), 'D')
      from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.id; return NEW; end $$`,
    `create trigger fts_blog_posts_upd after update of title, author, blurb, company_id on blog_posts for each row execute function fts_blog_posts_upd()`,
    `create function fts_blog_post_categories_ins() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.blog_post_id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'blog_post', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb), 'D')
      from blog_posts c left join companies co on co.id = c.company_id where c.id = NEW.blog_post_id; return NEW; end $$`,
    `create trigger fts_blog_post_categories_ins after insert on blog_post_categories for each row execute function fts_blog_post_categories_ins()`,
    `create function fts_blog_post_categories_del() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id = OLD.blog_post_id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'blog_post', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb), 'D')
      from blog_posts c left join companies co on co.id = c.company_id where c.id = OLD.blog_post_id; return OLD; end $$`,
    `create trigger fts_blog_post_categories_del after delete on blog_post_categories for each row execute function fts_blog_post_categories_del()`,
    `create function fts_blog_posts_cat_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id));
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'blog_post', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb), 'D')
      from blog_posts c left join companies co on co.id = c.company_id where c.id in (select blog_post_id from blog_post_categories where category_id = NEW.id); return NEW; end $$`,
    `create trigger fts_blog_posts_cat_upd after update of name on categories for each row execute function fts_blog_posts_cat_upd()`,
    `create function fts_blog_posts_co_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'blog_post' and item_id in (select c.id from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'blog_post', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb), 'D')
      from blog_posts c left join companies co on co.id = c.company_id where c.company_id = NEW.id; return NEW; end $$`,
    `create trigger fts_blog_posts_co_upd after update of name on companies for each row execute function fts_blog_posts_co_upd()`,
    `create function fts_blog_posts_del() returns trigger language plpgsql as $$ begin
         delete from fts_docs where kind = 'blog_post' and item_id = OLD.id; return OLD; end $$`,
    `create trigger fts_blog_posts_del after delete on blog_posts for each row execute function fts_blog_posts_del()`,
    `
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'blog_post', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '') || ' ' || c.blurb),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', coalesce(co.name, '') || ' ' || coalesce((select string_agg(cat.name, ' ') from blog_post_categories l join categories cat on cat.id = l.category_id where l.blog_post_id = c.id), '')), 'B') ||
        setweight(to_tsvector('english', c.blurb), 'D')
      from blog_posts c left join companies co on co.id = c.company_id where 1 = 1`,
    `create function fts_drilldowns_ins() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'drilldown' and item_id in (select c.id from drilldowns c where c.id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'drilldown', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || '' || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', ''), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from drilldowns c where c.id = NEW.id; return NEW; end $$`,
    `create trigger fts_drilldowns_ins after insert on drilldowns for each row execute function fts_drilldowns_ins()`,
    `create function fts_drilldowns_upd() returns trigger language plpgsql as $$ begin 
    delete from fts_docs where kind = 'drilldown' and item_id in (select c.id from drilldowns c where c.id = NEW.id);
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'drilldown', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || '' || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', ''), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from drilldowns c where c.id = NEW.id; return NEW; end $$`,
    `create trigger fts_drilldowns_upd after update of title, author, blurb, description on drilldowns for each row execute function fts_drilldowns_upd()`,
    `create function fts_drilldowns_del() returns trigger language plpgsql as $$ begin
         delete from fts_docs where kind = 'drilldown' and item_id = OLD.id; return OLD; end $$`,
    `create trigger fts_drilldowns_del after delete on drilldowns for each row execute function fts_drilldowns_del()`,
    `
    insert into fts_docs (kind, item_id, head, doc, vector)
      select 'drilldown', c.id, lower(c.title || ' ' || c.author), lower(c.title || ' ' || c.author || ' ' || '' || ' ' || c.blurb || ' ' || c.description),
        setweight(to_tsvector('english', c.title || ' ' || c.author), 'A') ||
        setweight(to_tsvector('english', ''), 'B') ||
        setweight(to_tsvector('english', c.blurb || ' ' || c.description), 'D')
      from drilldowns c where 1 = 1`,
  ],
};
