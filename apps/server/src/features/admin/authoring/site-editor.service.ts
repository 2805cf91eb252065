import type { Kysely } from 'kysely';
import { AdSlotType } from '@opence/shared';
import { FEATURED_FORM, SETTINGS_FORM, type TAdminField, type TAdminValues } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';
import { nowIso } from '../../../lib/ids.ts';
import type { TSessionMember } from '../../../domain/sessions.ts';
import { badRequest } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { selectExistingIds } from './authoring.repo.ts';
import * as repo from './editors.repo.ts';

/*
 * Site settings (03 §4, §7, §10: brand, provider details, external URLs, statements, list ad
 * placement) and the featured content picks. Settings are text in a key/value table; the form
 * reads them typed. The site caches settings for a few seconds: invalidate() makes a change
 * show at once in this process.
 */

/** A stored setting as the form shows it. */
function settingValue(field: TAdminField, stored: string | undefined): unknown {
  if (stored === undefined || stored === '') return field.kind === 'links' ? [] : null;
  if (field.kind === 'integer') return Number.isFinite(Number(stored)) ? Number(stored) : null;
  if (field.kind === 'links') {
    try {
      const parsed: unknown = JSON.parse(stored);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return stored;
}

/** A form value as the settings table stores it: text. */
function storedSetting(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}

const FEATURED_SLOTS = [
  {
    slot: AdSlotType.FEATURED_CLASS,
    field: 'classId',
    blurb: 'classBlurb',
    column: 'class_id',
    table: 'classes',
  },
  {
    slot: AdSlotType.FEATURED_PODCAST,
    field: 'podcastId',
    blurb: 'podcastBlurb',
    column: 'podcast_id',
    table: 'podcasts',
  },
  {
    slot: AdSlotType.FEATURED_BLOG,
    field: 'blogPostId',
    blurb: 'blogBlurb',
    column: 'blog_post_id',
    table: 'blog_posts',
  },
] as const;

export function createSiteEditor(deps: { db: Kysely<DB>; invalidateSettings: () => void }) {
  const { db } = deps;

  async function settings() {
    const stored = await repo.selectSettings(db);
    const data = Object.fromEntries(
      SETTINGS_FORM.fields.map((f) => [f.name, settingValue(f, stored[f.name])]),
    );
    return { status: true, data };
  }

  async function featured() {
    const rows = await repo.selectFeatured(db);
    const data: TAdminValues = {};
    for (const s of FEATURED_SLOTS) {
      const row = rows.find((r) => r.slot_type_id === s.slot);
      data[s.field] = row?.[s.column] ?? null;
      data[s.blurb] = row?.blurb ?? null;
    }
    return { status: true, data };
  }

  return {
    settings,
    featured,

    async saveSettings(values: TAdminValues, actor: TSessionMember) {
      const before = await repo.selectSettings(db);
      await db.transaction().execute(async (trx) => {
        const at = nowIso();
        const changed: Record<string, unknown> = {};
        for (const f of SETTINGS_FORM.fields) {
          const value = storedSetting(values[f.name]);
          if ((before[f.name] ?? '') === value) continue;
          changed[f.name] = value;
          await repo.upsertSetting(trx, f.name, value, at);
        }
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'update',
          entity: 'settings',
          entityId: null,
          detail: { changes: changed },
        });
      });
      deps.invalidateSettings();
      return settings();
    },

    async saveFeatured(values: TAdminValues, actor: TSessionMember) {
      for (const s of FEATURED_SLOTS) {
        const id = values[s.field];
        if (typeof id === 'string' && !(await selectExistingIds(db, s.table, [id])).has(id)) {
          const label = FEATURED_FORM.fields.find((f) => f.name === s.field)?.label ?? s.field;
          throw badRequest(`${label}: choose one from the list.`, s.field);
        }
      }
      await db.transaction().execute(async (trx) => {
        const at = nowIso();
        for (const s of FEATURED_SLOTS) {
          const id = (values[s.field] as string | null) ?? null;
          await repo.upsertFeatured(trx, {
            slot_type_id: s.slot,
            class_id: s.column === 'class_id' ? id : null,
            podcast_id: s.column === 'podcast_id' ? id : null,
            blog_post_id: s.column === 'blog_post_id' ? id : null,
            blurb: (values[s.blurb] as string | null) ?? null,
            updated_at: at,
          });
        }
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'update',
          entity: 'featured',
          entityId: null,
          detail: values,
        });
      });
      return featured();
    },
  };
}

export type TSiteEditor = ReturnType<typeof createSiteEditor>;
