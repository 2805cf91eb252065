import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { selectBlurb, selectSettings } from './site.repo.ts';

/** Settings every page needs; read often, changed rarely by staff. */
export type TSiteSettings = {
  brand: string;
  desktopSiteUrl: string;
  socialLinks: { label: string; url: string }[];
  raw: Record<string, string>;
};

// Short-lived, so a change made by staff through another process shows within seconds (03 §1).
const CACHE_MS = 5_000;

function parseSocialLinks(value: string | undefined): { label: string; url: string }[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (l): l is { label: string; url: string } =>
            typeof l?.label === 'string' && typeof l?.url === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function createSiteService(db: Kysely<DB>) {
  let cached: { at: number; settings: TSiteSettings } | null = null;

  async function settings(): Promise<TSiteSettings> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.settings;
    const raw = await selectSettings(db);
    const value: TSiteSettings = {
      brand: raw.brand || 'OpenCE',
      desktopSiteUrl: raw.desktopSiteUrl ?? '',
      socialLinks: parseSocialLinks(raw.socialLinks),
      raw,
    };
    cached = { at: Date.now(), settings: value };
    return value;
  }

  return {
    settings,
    /** Forgets cached settings after a change in this process. */
    invalidate: () => {
      cached = null;
    },
    blurb: (code: string) => selectBlurb(db, code),
  };
}

export type TSiteService = ReturnType<typeof createSiteService>;
