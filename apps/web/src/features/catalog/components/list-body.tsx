import { interleaveAds } from '@opence/shared';
import type { TFeaturedContent, TMobileAds } from '@opence/shared/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ListRows, ListSkeleton } from '../../../components/ui/list.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import type { TCatalogParts } from './catalog-parts.ts';
import { useFollowClampedPage, type TListRoute } from './use-list-route.ts';
import '../catalog.css';

/** How many of a list's slots a phone's first screen shows, a banner among them being its largest picture. */
const FIRST_SCREEN_SLOTS = 4;

/**
 * The hashes of the class and episode the featured teasers above a list show: their rows are left
 * out of the list under them, so the first row is never the item just featured (decision 1030).
 */
export function featuredHashes(content: TFeaturedContent | null | undefined): ReadonlySet<string> {
  const hashes = new Set<string>();
  if (!content?.status) return hashes;
  const c = content.featuredClass.data[0];
  const p = content.featuredPodcast.data[0];
  if (c) hashes.add(c.hash);
  if (p) hashes.add(p.hash);
  return hashes;
}

type TPaged<R> = { page: number; pageSize: number; totalRows: number; data: R[]; mobileAds?: TMobileAds };

/**
 * The body every content list shares (01 §4): skeleton rows while loading, an error with a
 * retry, the list's empty text, its rows with mobile banners interleaved (01 §9), and the
 * pages when there is more than one.
 */
export function ListBody<R>({
  route,
  query,
  emptyText,
  renderRow,
  omit,
  MobileAd,
}: {
  route: TListRoute;
  query: UseQueryResult<TPaged<R>>;
  emptyText: string;
  renderRow: (row: R) => ReactNode;
  /** Rows left out (the featured item above the list): banners keep their places among the rest. */
  omit?: (row: R) => boolean;
  MobileAd?: TCatalogParts['MobileAd'];
}) {
  const answer = query.data;
  useFollowClampedPage(route, answer?.page, !query.isPlaceholderData);
  if (!answer) {
    return query.isError ? (
      <LoadError text={query.error.message} onRetry={() => void query.refetch()} />
    ) : (
      <ListSkeleton />
    );
  }
  if (answer.data.length === 0) return <EmptyState text={emptyText} />;
  const banners = MobileAd ? (answer.mobileAds?.banners ?? []) : [];
  const rows = omit ? answer.data.filter((row) => !omit(row)) : answer.data;
  const slots = interleaveAds(rows, banners, answer.mobileAds);
  return (
    <>
      <ListRows busy={query.isPlaceholderData}>
        {slots.map((slot, i) =>
          slot.kind === 'row' ? (
            <Fragment key={i}>{renderRow(slot.row)}</Fragment>
          ) : (
            <li key={`ad-${slot.ad.adId}`} className="content-ad">
              {MobileAd && <MobileAd banner={slot.ad} isInFirstScreen={i < FIRST_SCREEN_SLOTS} />}
            </li>
          ),
        )}
      </ListRows>
      <Pagination
        page={answer.page + 1}
        totalRows={answer.totalRows}
        pageSize={answer.pageSize}
        pathFor={route.pathFor}
      />
    </>
  );
}
