import type { TFeaturedContent, TMobileAdBanner } from '@opence/shared/schemas';
import type { ComponentType } from 'react';

/**
 * What the catalog screens show from other features, handed in by app/ (features do not
 * import each other): the search bar, a mobile banner in a list, and featured teasers.
 */
export type TCatalogParts = {
  /** The filter bar and sidebar; `label` titles the sidebar (the model label, 01 §2). */
  SearchBar: ComponentType<{ label: string; target?: string }>;
  MobileAd: ComponentType<{ banner: TMobileAdBanner; isInFirstScreen?: boolean }>;
  FeaturedTeasers: ComponentType<{ content: TFeaturedContent; title?: string }>;
};

/** A catalog page as app/ composes it. */
export type TCatalogPageProps = { parts: TCatalogParts };
