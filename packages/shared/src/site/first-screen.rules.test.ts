import { describe, expect, it } from 'vitest';
import type { TFeaturedContent } from '../ads/ads.schema.ts';
import type { TOnDemandResponse } from '../catalog/catalog.schema.ts';
import { bootListLeadImage, leadFeaturedPhoto } from './first-screen.rules.ts';

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
