import { useParams, useSearchParams } from 'react-router';

/**
 * A page's subject from its path or, failing that, its query (02 §2: the class hash arrives as
 * a route parameter or as query c). '' when neither has it.
 */
export function useRouteParam(name: string): string {
  const params = useParams();
  const [search] = useSearchParams();
  return (params[name] || search.get(name) || '').trim();
}
