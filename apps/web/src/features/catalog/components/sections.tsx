import { countText, filterQuery, Texts, type TFilterParams } from '@opence/shared';
import type { TSearchResponse } from '@opence/shared/schemas';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { ListRows, ListSkeleton } from '../../../components/ui/list.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useHomeFeed } from '../api/get-home.ts';
import '../catalog.css';
import { BlogRow, ClassRow, PodcastRow, WebinarRow } from './rows.tsx';

/** A titled group of rows with its count line and a link to the whole list (home, search). */
function ContentSection({
  title,
  countLine,
  showAll,
  emptyText,
  children,
}: {
  title: string;
  countLine?: string;
  showAll?: string | null;
  /** Shown instead of the rows when there are none. */
  emptyText?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="content-section" aria-labelledby={id}>
      <div className="section-header">
        <div>
          <h2 id={id}>{title}</h2>
          {countLine && <p className="section-count">{countLine}</p>}
        </div>
        {showAll && (
          // The visible text starts the name, so speech input finds it; the section tells them apart.
          <Link className="section-show-all" to={showAll} aria-label={`${Texts.SHOW_ALL}: ${title}`}>
            {Texts.SHOW_ALL}
          </Link>
        )}
      </div>
      {emptyText ? <EmptyState text={emptyText} /> : <ListRows>{children}</ListRows>}
    </section>
  );
}

/** The three sections of home (01 §2): next webinars, newest on-demand classes, newest podcasts. */
export function HomeSections() {
  const query = useHomeFeed();
  const feed = query.data;
  if (!feed) {
    return query.isError ? <LoadError onRetry={() => void query.refetch()} /> : <ListSkeleton rows={3} />;
  }
  return (
    <>
      <ContentSection
        title={Texts.LIVE_WEBINARS_SECTION}
        countLine={countText(Texts.SHOWING_NEXT_UPCOMING, feed.webinars.data.length)}
        showAll="/upcoming"
        emptyText={feed.webinars.data.length === 0 ? Texts.EMPTY_UPCOMING : undefined}
      >
        {feed.webinars.data.map((row) => (
          <WebinarRow key={row.hash} row={row} level={3} />
        ))}
      </ContentSection>
      <ContentSection
        title={Texts.ONDEMAND_TITLE}
        countLine={countText(Texts.SHOWING_NEWEST, feed.classes.data.length)}
        showAll="/ondemand"
      >
        {feed.classes.data.map((row) => (
          <ClassRow key={row.hash} row={row} level={3} />
        ))}
      </ContentSection>
      <ContentSection title={Texts.PODCASTS_SECTION} showAll="/podcasts">
        {feed.podcasts.data.map((row) => (
          <PodcastRow key={row.hash} row={row} level={3} />
        ))}
      </ContentSection>
    </>
  );
}

/** Show All only when a section has more than one item, carrying the filter (01 §2). */
const showAllWhenMany = (count: number, path: string, filter: TFilterParams) =>
  count > 1 ? `${path}${filterQuery(filter)}` : null;

/**
 * The content sections of the search results (01 §2, 02 §2): webinars, on-demand classes,
 * podcasts and blog posts, each only when it found something.
 */
export function SearchSections({ result, filter }: { result: TSearchResponse; filter: TFilterParams }) {
  const { webinars, classes, podcasts, blogPosts } = result;
  return (
    <>
      {webinars.data.length > 0 && (
        <ContentSection
          title={Texts.LIVE_WEBINARS_SECTION}
          countLine={countText(Texts.SHOWING_NEXT_UPCOMING, webinars.data.length)}
          showAll={showAllWhenMany(webinars.data.length, '/upcoming', filter)}
        >
          {webinars.data.map((row) => (
            <WebinarRow key={row.hash} row={row} level={3} />
          ))}
        </ContentSection>
      )}
      {classes.data.length > 0 && (
        <ContentSection
          title={Texts.ONDEMAND_TITLE}
          countLine={countText(Texts.SHOWING_NEWEST, classes.data.length)}
          showAll={showAllWhenMany(classes.data.length, '/ondemand', filter)}
        >
          {classes.data.map((row) => (
            <ClassRow key={row.hash} row={row} level={3} opens="classroom" />
          ))}
        </ContentSection>
      )}
      {podcasts.data.length > 0 && (
        <ContentSection
          title={Texts.PODCASTS_SECTION}
          showAll={showAllWhenMany(podcasts.data.length, '/podcasts', filter)}
        >
          {podcasts.data.map((row) => (
            <PodcastRow key={row.hash} row={row} level={3} />
          ))}
        </ContentSection>
      )}
      {blogPosts.data.length > 0 && (
        <ContentSection
          title={Texts.BLOG_TITLE}
          showAll={showAllWhenMany(blogPosts.data.length, '/blog', filter)}
        >
          {blogPosts.data.map((row) => (
            <BlogRow key={row.slug} row={row} level={3} opens="post" />
          ))}
        </ContentSection>
      )}
    </>
  );
}
