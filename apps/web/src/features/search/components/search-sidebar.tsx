import { chooseFilter, Texts, type TFilterParams } from '@opence/shared';
import type { TSearchItemsResponse } from '@opence/shared/schemas';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';

/**
 * The search sidebar (01 §2, 02 §2), mounted only while open, so every opening starts with all
 * filters cleared; it focuses the keyword box, which clears itself on focus. Each choice is a
 * whole new filter (01 §5): a category, a company or a keyword, never two at once.
 */
export function SearchSidebar({
  label,
  showIncludeAll,
  items,
  hasItemsError,
  onSearch,
  onClose,
}: {
  label: string;
  /** The 'Include All Content' box, offered away from /search. */
  showIncludeAll: boolean;
  items: TSearchItemsResponse | undefined;
  hasItemsError: boolean;
  onSearch: (filter: TFilterParams, includeAll: boolean) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const keywordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const [includeAll, setIncludeAll] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    keywordRef.current?.focus();
  }, []);

  const search = (filter: TFilterParams) => onSearch(filter, includeAll);
  const onKeyword = (event: FormEvent) => {
    event.preventDefault();
    search(chooseFilter('keyword', keyword));
  };

  return (
    <dialog
      ref={ref}
      className="search-sidebar"
      aria-labelledby={`${id}-title`}
      onCancel={onClose}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
    >
      <div className="search-sidebar-body">
        <div className="search-sidebar-head">
          <h2 id={`${id}-title`}>{includeAll ? Texts.SEARCH_ALL_CONTENT : label}</h2>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
        {hasItemsError && <Alert>{Texts.ERROR_LOADING_FILTERS}</Alert>}
        <form className="search-keyword" onSubmit={onKeyword} role="search">
          <div className="field">
            <label htmlFor={`${id}-keyword`}>Keyword</label>
            <div className="search-keyword-row">
              <input
                ref={keywordRef}
                id={`${id}-keyword`}
                type="search"
                enterKeyHint="search"
                maxLength={100}
                value={keyword}
                onChange={(event) => setKeyword(event.target.value)}
                onFocus={() => setKeyword('')}
              />
              <Button type="submit">Go</Button>
            </div>
          </div>
        </form>
        <div className="field">
          <label htmlFor={`${id}-category`} className="visually-hidden">
            Category
          </label>
          <select
            id={`${id}-category`}
            defaultValue=""
            onChange={(event) => search(chooseFilter('category', event.target.value))}
          >
            <option value="">{Texts.FILTER_BY_CATEGORY}</option>
            {items?.catList.map((c) => (
              <option key={c.categoryID} value={c.categoryID}>
                {c.categoryName}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-company`} className="visually-hidden">
            Company
          </label>
          <select
            id={`${id}-company`}
            defaultValue=""
            onChange={(event) => search(chooseFilter('company', event.target.value))}
          >
            <option value="">{Texts.FILTER_BY_COMPANY}</option>
            {items?.companyList.map((c) => (
              <option key={c.companyID} value={c.companyID}>
                {c.companyName}
              </option>
            ))}
          </select>
        </div>
        {showIncludeAll && (
          <label className="check">
            <input
              type="checkbox"
              checked={includeAll}
              onChange={(event) => setIncludeAll(event.target.checked)}
            />
            {Texts.INCLUDE_ALL_CONTENT}
          </label>
        )}
      </div>
    </dialog>
  );
}
