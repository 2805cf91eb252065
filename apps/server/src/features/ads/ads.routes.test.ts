import { AdEvent, AdSlotType, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createAd,
  createBlogPost,
  createClass,
  createMember,
  createPodcast,
  type TTestMember,
} from '../../../test/factories.ts';

let t: TTestApp;
let member: TTestMember;
const ad = { id: '', hash: '' };
const bare = { id: '', hash: '' };
let switchedOffHash = '';
const targets = { classHash: '', podcastHash: '', blogSlug: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.deps.database.db;
  member = await createMember(db);
  Object.assign(
    ad,
    await createAd(db, {
      slot_type_id: AdSlotType.MOBILE_LIST,
      button_text: 'Request a sample',
      blurb: 'Free sample kit.',
      confirmation_title: 'Thanks!',
      confirmation_message: 'We will be in touch.',
    }),
  );
  Object.assign(bare, await createAd(db, { slot_type_id: AdSlotType.MOBILE_LIST }));
  switchedOffHash = (await createAd(db, { slot_type_id: AdSlotType.MOBILE_LIST, is_active: 0 })).hash;
  targets.classHash = (await createClass(db)).hash;
  targets.podcastHash = (await createPodcast(db)).hash;
  targets.blogSlug = (await createBlogPost(db)).slug;
});
afterAll(() => t.close());

const db = () => t.app.deps.database.db;
const events = (adId: string) =>
  db().selectFrom('ad_events').select(['event_id', 'member_id']).where('ad_id', '=', adId).execute();

describe('GET /api/mobilead (02 §7)', () => {
  it("gives the modal's texts and counts a click", async () => {
    const before = (await events(ad.id)).length;
    const res = await t.app.inject({ url: `/api/mobilead?a=${ad.hash}&s=${member.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      rowCount: 1,
      data: [
        {
          adId: ad.hash,
          title: expect.any(String),
          buttonText: 'Request a sample',
          blurb: 'Free sample kit.',
          confirmationMessageTitle: 'Thanks!',
          confirmationMessage: 'We will be in touch.',
        },
      ],
    });
    const after = await events(ad.id);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toEqual({ event_id: AdEvent.CLICK, member_id: member.id });
  });

  it('falls back to the default button and blurb texts (02 §2)', async () => {
    const res = await t.app.inject({ url: `/api/mobilead?a=${bare.hash}` });
    expect(res.json().data[0]).toMatchObject({
      buttonText: Texts.AD_BUTTON_DEFAULT,
      blurb: Texts.AD_BLURB_DEFAULT,
    });
  });

  it.each([
    ['an unknown ad', () => 'no-such-ad', 404],
    ['a switched-off ad', () => switchedOffHash, 404],
    ['a malformed id', () => "x' or '1'='1", 400],
  ])('refuses %s', async (_name, hash, status) => {
    const res = await t.app.inject({ url: `/api/mobilead?a=${encodeURIComponent(hash())}` });
    expect(res.statusCode).toBe(status);
  });
});

describe('POST /api/mobilead-view', () => {
  it('counts a view for a visitor', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/mobilead-view', payload: { a: bare.hash } });
    expect(res.statusCode).toBe(200);
    expect(await events(bare.id)).toContainEqual({ event_id: AdEvent.VIEW, member_id: null });
  });
});

describe('POST /api/mobilead-submit', () => {
  const submit = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/mobilead-submit', payload });

  it('stores the trimmed e-mail as a lead, with the member when signed in', async () => {
    const res = await submit({ a: ad.hash, e: '  lead@example.test ', s: member.token });
    expect(res.statusCode).toBe(200);
    const leads = await db()
      .selectFrom('ad_leads')
      .select(['email', 'member_id'])
      .where('ad_id', '=', ad.id)
      .execute();
    expect(leads).toEqual([{ email: 'lead@example.test', member_id: member.id }]);
  });

  it.each([
    [{}, Texts.EMAIL_REQUIRED],
    [{ e: '   ' }, Texts.EMAIL_REQUIRED],
    [{ e: 'not-an-email' }, Texts.EMAIL_INVALID],
    [{ e: 'a@b' }, Texts.EMAIL_INVALID],
  ])('refuses %j with its message', async (fields, message) => {
    const res = await submit({ a: ad.hash, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'e', fields: { e: message } });
  });

  it('refuses an unknown ad', async () => {
    expect((await submit({ a: 'no-such-ad', e: 'x@example.test' })).statusCode).toBe(404);
  });
});

describe('POST /api/featuredcontent-click', () => {
  const click = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/featuredcontent-click', payload });

  it.each([
    [AdSlotType.FEATURED_CLASS, () => targets.classHash],
    [AdSlotType.FEATURED_PODCAST, () => targets.podcastHash],
    [AdSlotType.FEATURED_BLOG, () => targets.blogSlug],
  ])('counts a click on slot %i', async (slot, hash) => {
    const res = await click({ t: slot, h: hash(), s: member.token });
    expect(res.statusCode).toBe(200);
    const rows = await db()
      .selectFrom('featured_clicks')
      .select(['slot_type_id', 'member_id'])
      .where('target_hash', '=', hash())
      .execute();
    expect(rows).toEqual([{ slot_type_id: slot, member_id: member.id }]);
  });

  it.each([
    [{ t: 5, h: 'anything' }, 400, 't'],
    [{ t: 'x', h: 'anything' }, 400, 't'],
    [{ t: AdSlotType.FEATURED_CLASS }, 400, 'h'],
  ])('refuses %j', async (payload, status, field) => {
    const res = await click(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
  });

  it('refuses a target that does not exist', async () => {
    expect((await click({ t: AdSlotType.FEATURED_PODCAST, h: targets.classHash })).statusCode).toBe(404);
  });
});
