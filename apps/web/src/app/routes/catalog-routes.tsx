import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TCatalogParts } from '../../features/catalog/components/catalog-parts.ts';

/*
 * The catalog, search, ads and home screens composed here, in app/ (features do not import
 * each other): each route loads its page and the parts it shows from other features together.
 */

type TLazy = NonNullable<RouteObject['lazy']>;
type TPageModule<P> = { Component: ComponentType<P> };

async function catalogParts(): Promise<TCatalogParts> {
  const [search, slot, featured] = await Promise.all([
    import('../../features/search/components/search-bar.tsx'),
    import('../../features/ads/components/mobile-ad-slot.tsx'),
    import('../../features/ads/components/featured-teasers.tsx'),
  ]);
  return {
    SearchBar: search.SearchBar,
    MobileAd: slot.MobileAdSlot,
    FeaturedTeasers: featured.FeaturedTeasers,
  };
}

/** A route whose page gets `parts`, loaded beside it. */
function composed<P>(page: () => Promise<TPageModule<{ parts: P }>>, parts: () => Promise<P>): TLazy {
  return async () => {
    const [{ Component: Page }, loaded] = await Promise.all([page(), parts()]);
    return { Component: () => <Page parts={loaded} /> };
  };
}

/** A content list with the search bar, mobile banners and featured teasers. */
export const catalogRoute = (page: () => Promise<TPageModule<{ parts: TCatalogParts }>>) =>
  composed(page, catalogParts);

/**
 * The member's part of home: its own chunk, fetched only once a signed-in member's home renders
 * it, so a visitor's home loads nothing more (decision 1005).
 */
const MemberHome = lazy(async () => ({
  default: (await import('../../features/member-home/components/member-home.tsx')).MemberHome,
}));

/** Home: the hero with the search bar and the feed's sections; a member's own part first. */
export const homeRoute: TLazy = composed(
  () => import('../../features/site/pages/home-page.tsx'),
  async () => {
    const [search, sections] = await Promise.all([
      import('../../features/search/components/search-bar.tsx'),
      import('../../features/catalog/components/sections.tsx'),
    ]);
    return { SearchBar: search.SearchBar, HomeSections: sections.HomeSections, MemberHome };
  },
);

/** Search results: the catalog's sections and the ads feature's featured teasers. */
export const searchRoute: TLazy = composed(
  () => import('../../features/search/pages/search-page.tsx'),
  async () => {
    const [sections, featured] = await Promise.all([
      import('../../features/catalog/components/sections.tsx'),
      import('../../features/ads/components/featured-teasers.tsx'),
    ]);
    return { SearchSections: sections.SearchSections, FeaturedTeasers: featured.FeaturedTeasers };
  },
);
