import { describe, expect, it } from 'vitest';
import type { TFeaturedContent } from '../ads/ads.schema.ts';
import type { TOnDemandResponse } from '../catalog/catalog.schema.ts';
import { bootListLeadImage, leadFeaturedPhoto, visitorScreenOf } from './first-screen.rules.ts';

const item = <T>(row?: T) => ({ status: true, rowCount: row ? 1 : 0, data: row ? [row] : [] });
const featuredClass = {
  hash: 'c1',
  slug: 'c',
  photo: '/media/class.jpg',
  className: 'C',
  name: '',
  companyName: '',
  credits: 1,
  creditName: 'CE',
  blurb: '',
};
const featuredPodcast = {
  hash: 'p1',
  podcastShowHash: 's1',
  photo: '/media/podcast.jpg',
  title: 'P',
  speakerName: '',
  companyName: '',
  credits: 1,
  durationSec: 60,
  featuredBlurb: '',
  mp3: '',
  lobbyTypeId: 1,
};
const featuredBlog = { id: 'b', title: 'B', blurb: '', photo: '/media/blog.jpg', featured: true };

function content(parts: Partial<Record<'c' | 'p' | 'b', boolean>>, status = true): TFeaturedContent {
  return {
    status,
    featuredClass: item(parts.c ? featuredClass : undefined),
    featuredPodcast: item(parts.p ? featuredPodcast : undefined),
    featuredBlog: item(parts.b ? featuredBlog : undefined),
    featuredHash: '',
  };
}

describe('the lead featured photo (the first teaser drawn)', () => {
  it('is the class photo, else the podcast, else the blog post', () => {
    expect(leadFeaturedPhoto(content({ c: true, p: true, b: true }))).toBe('/media/class.jpg');
    expect(leadFeaturedPhoto(content({ p: true, b: true }))).toBe('/media/podcast.jpg');
    expect(leadFeaturedPhoto(content({ b: true }))).toBe('/media/blog.jpg');
  });

  it('is none when the first teaser has no photo, there is no teaser, or featured content is off', () => {
    const noPhoto = content({ c: true, p: true });
    noPhoto.featuredClass.data = [{ ...featuredClass, photo: null }];
    expect(leadFeaturedPhoto(noPhoto)).toBeNull();
    expect(leadFeaturedPhoto(content({}))).toBeNull();
    expect(leadFeaturedPhoto(content({ c: true }, false))).toBeNull();
  });

  it('is preloaded for a list on its first page only, never for the home feed', () => {
    const page = (n: number) =>
      ({ page: n, featuredContent: content({ c: true }) }) as unknown as TOnDemandResponse;
    expect(bootListLeadImage({ list: 'ondemand', answer: page(0) })).toBe('/media/class.jpg');
    expect(bootListLeadImage({ list: 'ondemand', answer: page(1) })).toBeNull();
    expect(bootListLeadImage(null)).toBeNull();
  });
});

describe("the addresses with a visitor's rendered route (decision 0812)", () => {
  it('are the lists with their first page, the sign-in form and the classrooms with their class', () => {
    expect(visitorScreenOf('/')).toEqual({ list: 'home', classroom: null });
    expect(visitorScreenOf('/ondemand')).toEqual({ list: 'ondemand', classroom: null });
    expect(visitorScreenOf('/podcasts')).toEqual({ list: 'podcasts', classroom: null });
    expect(visitorScreenOf('/webinars')).toEqual({ list: 'upcoming', classroom: null });
    expect(visitorScreenOf('/upcoming')).toEqual({ list: 'upcoming', classroom: null });
    expect(visitorScreenOf('/login')).toEqual({ list: null, classroom: null });
    expect(visitorScreenOf('/classroom/aB3_-x')).toEqual({ list: null, classroom: 'aB3_-x' });
    expect(visitorScreenOf('/on-demand-dental-ce-course/aB3')).toEqual({ list: null, classroom: 'aB3' });
  });

  it('are bare addresses only: no page, filter, mark, extra segment or other route', () => {
    for (const address of [
      '/ondemand/2',
      '/ondemand?cid=1',
      '/login/expired',
      '/classroom/',
      '/classroom/a?j=1',
      '/classroom/a/b',
      '/classroom/a%2Fb',
      '/classroom-live/a',
      '/webinars?page=2',
      '/toString',
    ]) {
      expect(visitorScreenOf(address), address).toBeNull();
    }
  });
});
