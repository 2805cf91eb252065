import { AdEvent, AdSlotType, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createAd, createDrilldown, createMember, type TTestMember } from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

let t: TTestApp;
let member: TTestMember;
const db = () => t.app.deps.database.db;
const viewsOf = (drilldownId: string) =>
  db()
    .selectFrom('drilldown_views')
    .select(['kind', 'member_id'])
    .where('drilldown_id', '=', drilldownId)
    .execute();
const adEventsOf = (adId: string) =>
  db().selectFrom('ad_events').select(['event_id', 'member_id']).where('ad_id', '=', adId).execute();

beforeAll(async () => {
  t = await buildTestApp();
  member = await createMember(db());
});
afterAll(() => t.close());

describe('GET /api/drilldown', () => {
  it('gives the drill-down by slug or hash, its banner ad and the recent ones', async () => {
    const ad = await createAd(db());
    const drilldown = await createDrilldown(db(), { description: 'How to.', banner_ad_id: ad.id });
    for (const ref of [drilldown.slug, drilldown.hash]) {
      const res = await t.app.inject({ url: `/api/drilldown?d=${ref}&blockLog=1` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.drilldownObj).toEqual({
        id: drilldown.hash,
        slug: drilldown.slug,
        hash: drilldown.hash,
        title: drilldown.title,
        author: 'Test Author',
        datePosted: drilldown.posted_at,
        description: 'How to.',
        youtubeUrl: drilldown.youtube_url,
        videoUrl: null,
        photo: null,
      });
      expect(body.bannerAd).toEqual({ hash: ad.hash, url: ad.url, photo: ad.photo, title: ad.title });
      expect(body.data.map((r: { hash: string }) => r.hash)).not.toContain(drilldown.hash);
    }
  });

  it('has no banner ad when the ad is inactive or of another slot', async () => {
    for (const ad of [
      await createAd(db(), { is_active: 0 }),
      await createAd(db(), { slot_type_id: AdSlotType.MOBILE_LIST }),
    ]) {
      const drilldown = await createDrilldown(db(), { banner_ad_id: ad.id });
      const res = await t.app.inject({ url: `/api/drilldown?d=${drilldown.slug}` });
      expect(res.json().bannerAd).toBeNull();
      expect(await adEventsOf(ad.id)).toEqual([]);
    }
  });

  it('lists at most five recent drill-downs, newest first, none unpublished or not yet posted', async () => {
    const made = [];
    for (let i = 1; i <= 6; i++) {
      made.push(await createDrilldown(db(), { posted_at: nowIso(new Date(Date.now() - i * 60_000)) }));
    }
    const hidden = await createDrilldown(db(), { is_published: 0, posted_at: nowIso() });
    const future = await createDrilldown(db(), { posted_at: nowIso(new Date(Date.now() + 86_400_000)) });
    const shown = await createDrilldown(db(), { posted_at: nowIso(new Date(Date.now() - 9 * 86_400_000)) });
    const res = await t.app.inject({ url: `/api/drilldown?d=${shown.slug}&blockLog=1` });
    expect(res.json().data.map((r: { hash: string }) => r.hash)).toEqual(made.slice(0, 5).map((d) => d.hash));
    for (const ref of [hidden.slug, future.slug, 'no-such-drilldown']) {
      const missing = await t.app.inject({ url: `/api/drilldown?d=${ref}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ status: false, msg: Texts.SELECT_DRILLDOWN });
    }
  });

  it('counts a page view and the banner ad view unless blockLog is set', async () => {
    const ad = await createAd(db());
    const drilldown = await createDrilldown(db(), { banner_ad_id: ad.id });
    await t.app.inject({ url: `/api/drilldown?d=${drilldown.slug}&s=${member.token}` });
    await t.app.inject({ url: `/api/drilldown?d=${drilldown.slug}&blockLog=1&s=${member.token}` });
    await t.app.inject({ url: `/api/drilldown?d=${drilldown.slug}&blockLog=true` });
    expect(await viewsOf(drilldown.id)).toEqual([{ kind: 'view', member_id: member.id }]);
    expect(await adEventsOf(ad.id)).toEqual([{ event_id: AdEvent.VIEW, member_id: member.id }]);
  });

  it.each([
    ['', 'd'],
    ['?d=', 'd'],
    ["?d=x'--", 'd'],
    ['?d=ok&blockLog=maybe', 'blockLog'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await t.app.inject({ url: `/api/drilldown${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});

describe('GET /api/drilldown-view', () => {
  it('logs a play for a member and for a visitor, apart from page views', async () => {
    const drilldown = await createDrilldown(db());
    expect(
      (await t.app.inject({ url: `/api/drilldown-view?d=${drilldown.hash}&s=${member.token}` })).json(),
    ).toEqual({
      status: true,
    });
    await t.app.inject({ url: `/api/drilldown-view?d=${drilldown.slug}` });
    const views = await viewsOf(drilldown.id);
    expect(
      views
        .filter((v) => v.kind === 'play')
        .map((v) => v.member_id)
        .sort(),
    ).toEqual([member.id, null].sort());
    expect(views.filter((v) => v.kind === 'view')).toEqual([]);
  });

  it('answers an unknown drill-down with 404 and a missing one with 400', async () => {
    expect((await t.app.inject({ url: '/api/drilldown-view?d=nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/drilldown-view' })).json().field).toBe('d');
  });
});

describe('GET /api/bannerad-click', () => {
  it('counts a click (event 2) for the member or the visitor', async () => {
    const ad = await createAd(db());
    expect(
      (await t.app.inject({ url: `/api/bannerad-click?b=${ad.hash}&s=${member.token}` })).json(),
    ).toEqual({
      status: true,
    });
    await t.app.inject({ url: `/api/bannerad-click?b=${ad.hash}` });
    const events = await adEventsOf(ad.id);
    expect(events.map((e) => e.event_id)).toEqual([AdEvent.CLICK, AdEvent.CLICK]);
    expect(events.map((e) => e.member_id).sort()).toEqual([member.id, null].sort());
  });

  it('counts nothing for an unknown, inactive or non-banner ad', async () => {
    const inactive = await createAd(db(), { is_active: 0 });
    const mobile = await createAd(db(), { slot_type_id: AdSlotType.MOBILE_LIST });
    for (const hash of [inactive.hash, mobile.hash, 'unknown-ad']) {
      expect((await t.app.inject({ url: `/api/bannerad-click?b=${hash}` })).statusCode).toBe(404);
    }
    expect([...(await adEventsOf(inactive.id)), ...(await adEventsOf(mobile.id))]).toEqual([]);
    expect((await t.app.inject({ url: '/api/bannerad-click?b=' })).json().field).toBe('b');
  });
});
