import { describe, expect, it } from 'vitest';
import { Texts } from './texts.ts';
import * as accounts from './texts/accounts.ts';
import * as ads from './texts/ads.ts';
import * as catalog from './texts/catalog.ts';
import * as creditAudit from './texts/credit-audit.ts';
import * as credentials from './texts/credentials.ts';
import * as events from './texts/events.ts';
import * as general from './texts/general.ts';
import * as learning from './texts/learning.ts';
import * as media from './texts/media.ts';
import * as memberHome from './texts/member-home.ts';
import * as progressSync from './texts/progress-sync.ts';
import * as offline from './texts/offline.ts';
import * as refusals from './texts/refusals.ts';
import * as search from './texts/search.ts';
import * as support from './texts/support.ts';
import * as webinars from './texts/webinars.ts';
import * as webinarEvidence from './texts/webinar-evidence.ts';

/*
 * `Texts` is spread from its parts by area (texts.ts): a key written in two parts would keep
 * only the later part's text, silently, so each key must be in one part.
 */

const parts = [
  accounts,
  ads,
  catalog,
  creditAudit,
  credentials,
  events,
  general,
  learning,
  media,
  memberHome,
  progressSync,
  offline,
  refusals,
  search,
  support,
  webinars,
  webinarEvidence,
].flatMap((module) => Object.entries(module));

describe('the texts by area', () => {
  it('write each key in one part only', () => {
    const partsOf = new Map<string, string[]>();
    for (const [part, texts] of parts) {
      for (const key of Object.keys(texts)) partsOf.set(key, [...(partsOf.get(key) ?? []), part]);
    }
    const inSeveral = [...partsOf].filter(([, names]) => names.length > 1);
    expect(inSeveral).toEqual([]);
  });

  it('make up Texts together, each text as its part writes it', () => {
    const merged = Object.fromEntries(parts.flatMap(([, texts]) => Object.entries(texts)));
    expect(Object.keys(Texts).sort()).toEqual(Object.keys(merged).sort());
    expect(Texts).toEqual(merged);
  });

  it('hold only texts', () => {
    const notText = Object.entries(Texts as Record<string, unknown>).filter(
      ([, text]) => typeof text !== 'string' || text === '',
    );
    expect(notText).toEqual([]);
  });
});
