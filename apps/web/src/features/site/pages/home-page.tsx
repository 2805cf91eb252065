import { Texts } from '@opence/shared';
import { Suspense, type ComponentType } from 'react';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

/** What home shows from other features, handed in by app/: the search bar, the feed, the member's part. */
export type THomeParts = {
  SearchBar: ComponentType<{ label: string; target?: string }>;
  HomeSections: ComponentType;
  /** Loaded only when a member is signed in, never in a visitor's first paint (decision 1005). */
  MemberHome: ComponentType<{ name: string }>;
};

/**
 * Home (01 §2): the hero, a search bar over all content, and the three sections of the feed. A
 * signed-in member's home starts with their own part (issue 22), then the same catalogue. The
 * server and the takeover draw the visitor's screen (useSession answers the rendered session
 * first), so a visitor's page and its first paint do not change.
 */
export function Component({ parts }: { parts: THomeParts }) {
  usePageTitle('Home');
  const session = useSession();
  const HeroHeading = session ? 'h2' : 'h1';
  return (
    <div className="container">
      {session && (
        <Suspense fallback={<div className="member-home-placeholder" aria-busy="true" />}>
          <parts.MemberHome name={session.name.split(' ')[0] ?? ''} />
        </Suspense>
      )}
      <section className={session ? 'hero hero-member' : 'hero'} aria-labelledby="hero-title">
        <HeroHeading id="hero-title">{session ? Texts.HOME_CATALOGUE : Texts.HERO}</HeroHeading>
        <p>
          Live webinars, on-demand classes and podcasts with CE credit and a certificate your board accepts.
        </p>
      </section>
      <parts.SearchBar label={Texts.SEARCH_ALL_CONTENT} target="/search" />
      <parts.HomeSections />
    </div>
  );
}
