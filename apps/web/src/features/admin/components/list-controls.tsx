import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** A labelled search box; the search runs on submit, so each key press is not a request. */
export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="admin-search" role="search" onSubmit={submit}>
      <label htmlFor="admin-search-input">{label}</label>
      <div className="admin-search-row">
        <input id="admin-search-input" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
    </form>
  );
}

/** Previous / next over 0-based pages, with where we are in words. */
export function Pager({
  page,
  totalRows,
  pageSize,
  onPage,
}: {
  page: number;
  totalRows: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(totalRows / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <Button variant="secondary" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        ‹ Previous
      </Button>
      <span aria-live="polite">
        Page {page + 1} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        Next ›
      </Button>
    </nav>
  );
}

/** A count line above a list. */
export function ListCount({ children }: { children: ReactNode }) {
  return <p className="admin-count">{children}</p>;
}
