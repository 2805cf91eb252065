import { listFilter, Texts, type TFilterParams } from '@opence/shared';
import type { TCategoryItem } from '@opence/shared/schemas';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/feedback.tsx';

/*
 * What the results page says beside its results (issue 41): the words found nowhere, and when
 * nothing is found the nearest topics and the catalogue (docs/decisions/1145, 1148).
 */

const quoted = (words: readonly string[]) => words.map((w) => `‘${w}’`).join(', ');

/** "No results for ‘zirconia’ — showing matches for ‘implant’, ‘crowns’." */
export function WordsNotFound({ filter, notFound }: { filter: TFilterParams; notFound: readonly string[] }) {
  const missing = new Set(notFound.flatMap((w) => w.split(' ')));
  const found = listFilter(filter).words.filter((w) => !missing.has(w));
  if (notFound.length === 0 || found.length === 0) return null;
  return (
    <Alert kind="info">
      {Texts.SEARCH_WORDS_NOT_FOUND.replace('{missing}', quoted(notFound)).replace('{found}', quoted(found))}
    </Alert>
  );
}

/** The nearest topics, each a search of its category, and the on-demand catalogue. */
export function SuggestedTopics({ topics }: { topics: readonly TCategoryItem[] }) {
  return (
    <nav className="search-suggestions" aria-labelledby="search-suggestions-title">
      <h2 id="search-suggestions-title">{Texts.SEARCH_SUGGESTED_TOPICS}</h2>
      <ul>
        {topics.map((t) => (
          <li key={t.categoryID}>
            <Link className="btn btn-secondary" to={`/search?cid=${encodeURIComponent(t.categoryID)}`}>
              {t.categoryName}
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/ondemand">{Texts.SEARCH_BROWSE_CATALOGUE}</Link>
    </nav>
  );
}
