import { Texts, type TFilterParams } from '@opence/shared';
import type { TFeaturedContent, TSearchResponse } from '@opence/shared/schemas';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { ListSkeleton } from '../../../components/ui/list.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSearchResults } from '../api/get-search.ts';
import { SearchBar } from '../components/search-bar.tsx';
import { SuggestedTopics, WordsNotFound } from '../components/search-notices.tsx';

/** What the results page shows from other features, handed in by app/. */
export type TSearchPageParts = {
  SearchSections: ComponentType<{ result: TSearchResponse; filter: TFilterParams }>;
  FeaturedTeasers: ComponentType<{ content: TFeaturedContent; title?: string }>;
};

function isEmptyResult({
  webinars,
  classes,
  podcasts,
  blogPosts,
  featuredContent,
}: TSearchResponse): boolean {
  const rows = webinars.data.length + classes.data.length + podcasts.data.length + blogPosts.data.length;
  return rows === 0 && !featuredContent.status;
}

/** Search results (01 §2): Featured Content, then webinars, on-demand, podcasts and blog. */
export function Component({ parts }: { parts: TSearchPageParts }) {
  usePageTitle(Texts.SEARCH_TITLE);
  const [params] = useSearchParams();
  const filter: TFilterParams = { cid: params.get('cid'), coid: params.get('coid'), q: params.get('q') };
  const query = useSearchResults(filter, params.get('j'));
  const result = query.data;

  return (
    <div className="container">
      <div className="page-header">
        <h1>{Texts.SEARCH_TITLE}</h1>
      </div>
      <SearchBar label={Texts.SEARCH_ALL_CONTENT} />
      {!result ? (
        query.isError ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : (
          <ListSkeleton />
        )
      ) : isEmptyResult(result) ? (
        <EmptyState text={Texts.EMPTY_SEARCH}>
          {/* A browser built against 01/02 or an older server: no topics, the spec's text alone. */}
          {result.suggestedTopics?.length > 0 && <SuggestedTopics topics={result.suggestedTopics} />}
        </EmptyState>
      ) : (
        <div aria-busy={query.isPlaceholderData || undefined}>
          {result.notFound?.length > 0 && <WordsNotFound filter={filter} notFound={result.notFound} />}
          {result.featuredContent.status && (
            <parts.FeaturedTeasers content={result.featuredContent} title={Texts.FEATURED_CONTENT_TITLE} />
          )}
          <parts.SearchSections result={result} filter={filter} />
        </div>
      )}
    </div>
  );
}
