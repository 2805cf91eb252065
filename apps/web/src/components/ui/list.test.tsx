import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ListHeader, ListRows, ListSkeleton } from './list.tsx';
import { Pagination, useFollowClampedPage } from './pagination.tsx';

/*
 * The parts of a list page: its header and count line, the rows' frame, the skeleton that holds
 * the rows' place while loading, and the page links (01 §2, §9).
 */

afterEach(cleanup);

describe('a list page header', () => {
  it('holds the count line with an invisible placeholder while loading, then announces the count', () => {
    const { rerender } = render(
      <ListHeader title="On-Demand" count={null} placeholder="Showing 00 classes" />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('On-Demand');
    const placeholder = document.querySelector('.list-count-placeholder')!;
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.textContent).toBe('Showing 00 classes');
    rerender(<ListHeader title="On-Demand" count="Showing 12 classes" placeholder="Showing 00 classes" />);
    expect(document.querySelector('.list-count-placeholder')).toBeNull();
    const count = screen.getByText('Showing 12 classes');
    expect(count.getAttribute('aria-live')).toBe('polite');
  });

  it('shows no count line for a list that has none', () => {
    render(<ListHeader title="Blog" count="" />);
    expect(document.querySelector('.page-header p, .skeleton')).toBeNull();
  });
});

describe('rows and their skeleton', () => {
  it('marks the rows busy while a new page stands behind them', () => {
    const { rerender } = render(
      <ListRows busy>
        <li>row</li>
      </ListRows>,
    );
    expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true');
    rerender(
      <ListRows>
        <li>row</li>
      </ListRows>,
    );
    expect(screen.getByRole('list').hasAttribute('aria-busy')).toBe(false);
  });

  it('says "Loading…" to a screen reader and draws the rows it asked for, hidden from it', () => {
    render(<ListSkeleton rows={4} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading…');
    const rows = status.querySelector('ul')!;
    expect(rows.getAttribute('aria-hidden')).toBe('true');
    expect(rows.querySelectorAll('li.list-row')).toHaveLength(4);
  });
});

const pathFor = (page: number) => (page === 1 ? '/ondemand' : `/ondemand/page/${page}`);

const paginate = (page: number, totalRows: number, pageSize = 10) =>
  render(
    <MemoryRouter>
      <Pagination page={page} totalRows={totalRows} pageSize={pageSize} pathFor={pathFor} />
    </MemoryRouter>,
  );

/** The page links' texts, with the current page in brackets and a disabled end as '-'. */
const pageLinks = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('listitem')
    .map((item) => {
      const link = item.querySelector('a');
      if (!link) return '-';
      return link.getAttribute('aria-current') === 'page' ? `[${link.textContent}]` : link.textContent;
    });

describe('page links', () => {
  it('are not shown for a single page', () => {
    paginate(1, 10);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('on the first page offer no previous page and link each page by its path', () => {
    paginate(1, 25);
    expect(pageLinks()).toEqual(['-', '[1]', '2', '3', 'Next ›']);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/ondemand/page/2');
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/ondemand');
    expect(screen.getByRole('link', { name: 'Next ›' }).getAttribute('rel')).toBe('next');
    expect(screen.getByText('‹ Previous').getAttribute('aria-disabled')).toBe('true');
  });

  it('show five pages around the current one, kept inside the first and the last', () => {
    paginate(6, 200);
    expect(pageLinks()).toEqual(['‹ Previous', '4', '5', '[6]', '7', '8', 'Next ›']);
    cleanup();
    paginate(20, 200);
    expect(pageLinks()).toEqual(['‹ Previous', '16', '17', '18', '19', '[20]', '-']);
    expect(screen.getByRole('link', { name: '‹ Previous' }).getAttribute('href')).toBe('/ondemand/page/19');
  });
});

/** A list at `path` that follows the page the server answered with. */
function followAt(path: string, answeredPage0: number | undefined, isCurrent: boolean) {
  function ListPage() {
    const page = Number(useParams().page ?? 1);
    useFollowClampedPage(page, answeredPage0, isCurrent, pathFor);
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: '/ondemand', element: <ListPage /> },
      { path: '/ondemand/page/:page', element: <ListPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a page beyond the last', () => {
  it('moves the address to the page the server answered with, in place of the asked one', async () => {
    const router = followAt('/ondemand/page/9', 2, true);
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/ondemand/page/3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('stays while the previous page stands in for the new one', async () => {
    const router = followAt('/ondemand/page/9', 2, false);
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/ondemand/page/9');
  });
});
