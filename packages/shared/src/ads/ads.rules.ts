export type TListSlot<Row, Ad> = { kind: 'row'; row: Row } | { kind: 'ad'; ad: Ad };

/**
 * Interleaves mobile banner ads into a list (01 §9): the first ad goes before row indexStart,
 * then one every interval rows, each banner used once. No placement data means no ads.
 */
export function interleaveAds<Row, Ad>(
  rows: readonly Row[],
  banners: readonly Ad[],
  placement: { indexStart: number; interval: number } | null | undefined,
): TListSlot<Row, Ad>[] {
  const slots: TListSlot<Row, Ad>[] = rows.map((row) => ({ kind: 'row', row }));
  if (!placement || banners.length === 0 || placement.indexStart < 0) return slots;
  const interval = Math.max(1, Math.floor(placement.interval));
  const start = Math.floor(placement.indexStart);
  // Insert from the end so earlier insertions do not shift later positions.
  const positions = banners
    .map((ad, i) => ({ ad, at: start + i * interval }))
    .filter(({ at }) => at <= rows.length)
    .reverse();
  for (const { ad, at } of positions) slots.splice(at, 0, { kind: 'ad', ad });
  return slots;
}

/** A banner set has 1 or 4 image URLs (01 §9): with 4, the one shown depends on screen width. */
export function bannerImageFor(adUrls: readonly string[], screenWidth: number): string | undefined {
  if (adUrls.length < 4) return adUrls[0];
  const breakpoints = [576, 768, 992];
  const index = breakpoints.findIndex((bp) => screenWidth < bp);
  return adUrls[index === -1 ? 3 : index];
}
