import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createDrilldown,
  createMember,
  createPodcast,
  type TTestMember,
} from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';
import { POSITION_LIMIT } from './media.service.ts';

/*
 * Issue 37 row 7: positions were saved for keys that do not exist or are not listed, without
 * limit (300 made-up keys in 4.9 s). Now only for media a member may play, at a person's pace.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const save = (m: string, member: TTestMember) =>
  t.app.inject({
    method: 'POST',
    url: '/api/media-position',
    payload: { m, positionSec: 12, s: member.token },
  });
const stored = async (member: TTestMember) =>
  (await db().selectFrom('media_positions').select('media').where('member_id', '=', member.id).execute()).map(
    (r) => r.media,
  );

describe('media positions', () => {
  it('are saved for media the member may play, and refused (404, nothing stored) for made-up, unpublished or unreleased ones', async () => {
    const member = await createMember(db());
    const episode = await createPodcast(db());
    const video = await createDrilldown(db(), { video_url: '/media/demo.mp4' });
    const cls = await createClass(db());
    const hidden = await createPodcast(db(), { is_published: 0 });
    const later = await createPodcast(db(), { release_at: nowIso(new Date(Date.now() + 86_400_000)) });
    const hiddenVideo = await createDrilldown(db(), { video_url: '/media/x.mp4', is_published: 0 });
    for (const m of [`podcast:${episode.hash}`, `drilldown:${video.hash}`, `class:${cls.hash}`]) {
      expect((await save(m, member)).statusCode, m).toBe(200);
    }
    for (const m of [
      'podcast:madeUpKey123',
      'class:nothing',
      'sponsor-video:nope',
      `podcast:${hidden.hash}`,
      `podcast:${later.hash}`,
      `drilldown:${hiddenVideo.hash}`,
    ]) {
      const res = await save(m, member);
      expect(res.statusCode, m).toBe(404);
      expect(res.json()).toEqual({ status: false, msg: Texts.MEDIA_NOT_FOUND });
    }
    expect((await stored(member)).sort()).toEqual(
      [`class:${cls.hash}`, `drilldown:${video.hash}`, `podcast:${episode.hash}`].sort(),
    );
  });

  it('are limited per member: a script saving made-up keys is stopped', async () => {
    const member = await createMember(db());
    const episode = await createPodcast(db());
    const statuses = await Promise.all(
      Array.from({ length: POSITION_LIMIT.hits + 30 }, (_, i) =>
        save(i % 2 ? `podcast:${episode.hash}` : `podcast:made${i}`, member),
      ),
    );
    expect(statuses.filter((r) => r.statusCode === 429)).toHaveLength(30);
    expect(await stored(member)).toEqual([`podcast:${episode.hash}`]);
    // Another member is not held by it.
    expect((await save(`podcast:${episode.hash}`, await createMember(db()))).statusCode).toBe(200);
  });
});
