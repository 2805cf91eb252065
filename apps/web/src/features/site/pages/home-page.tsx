import { Texts } from '@opence/shared';
import type { ComponentType } from 'react';
import { usePageTitle } from '../../../lib/page-title.ts';

/** What home shows from other features, handed in by app/: the search bar and the feed. */
export type THomeParts = {
  SearchBar: ComponentType<{ label: string; target?: string }>;
  HomeSections: ComponentType;
};

/** Home (01 §2): the hero, a search bar over all content, and the three sections of the feed. */
export function Component({ parts }: { parts: THomeParts }) {
  usePageTitle('Home');
  return (
    <div className="container">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{Texts.HERO}</h1>
        <p>
          Live webinars, on-demand classes and podcasts with CE credit and a certificate your board accepts.
        </p>
      </section>
      <parts.SearchBar label={Texts.SEARCH_ALL_CONTENT} target="/search" />
      <parts.HomeSections />
    </div>
  );
}
