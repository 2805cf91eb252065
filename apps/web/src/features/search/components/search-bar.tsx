import { filterQuery, isFiltered, type TFilterParams } from '@opence/shared';
import type { TSearchItemsResponse } from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSearchItems } from '../api/get-search-items.ts';
import { SearchSidebar } from './search-sidebar.tsx';
import '../search.css';

/** The words that describe a filter: the category's or company's name, or the keyword. */
function filterText(filter: TFilterParams, items: TSearchItemsResponse | undefined): string {
  if (filter.cid) return items?.catList.find((c) => c.categoryID === filter.cid)?.categoryName ?? '…';
  if (filter.coid) return items?.companyList.find((c) => c.companyID === filter.coid)?.companyName ?? '…';
  return filter.q ?? '';
}

/**
 * The search bar (01 §2): a read-only box with the current filter, a red clear button while a
 * filter is set, and the sidebar. Searches go to this list's path, or to /search with 'Include
 * All Content' or when `target` says so (home).
 */
export function SearchBar({ label, target }: { label: string; target?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const items = useSearchItems();
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  const filter: TFilterParams = { cid: params.get('cid'), coid: params.get('coid'), q: params.get('q') };
  const basePath = `/${location.pathname.split('/')[1] ?? ''}`;
  const isSearchPath = basePath === '/search';

  const onSearch = (next: TFilterParams, includeAll: boolean) => {
    setOpen(false);
    const path = target ?? (includeAll ? '/search' : basePath);
    void navigate(`${path}${filterQuery(next)}`);
  };

  return (
    <div className="search-bar">
      <label htmlFor={`${id}-filter`} className="visually-hidden">
        Current filter
      </label>
      <input
        id={`${id}-filter`}
        className="search-bar-text"
        readOnly
        value={filterText(filter, items.data)}
        placeholder="Find CE by keyword"
        onClick={() => setOpen(true)}
      />
      {isFiltered(filter) && (
        <button
          type="button"
          className="btn btn-danger search-bar-clear"
          onClick={() => void navigate(basePath)}
        >
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Clear filter</span>
        </button>
      )}
      <button
        type="button"
        className="btn search-bar-open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Search
      </button>
      {isOpen && (
        <SearchSidebar
          label={label}
          showIncludeAll={!target && !isSearchPath}
          items={items.data}
          hasItemsError={items.isError}
          onSearch={onSearch}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
