import { pageFromPath } from '@opence/shared';
import { useLocation, useNavigate, useParams } from 'react-router';

/*
 * The page of a member list lives in the path, 1-based (/queue/2); the API's is 0-based. The
 * base path is the one the member used (/pending or its alias /exams); the query (the CE
 * Completed tab) travels with the page links.
 */
export function useListPage() {
  const { page: param } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const page = pageFromPath(param);
  const basePath = `/${location.pathname.split('/')[1] ?? ''}`;
  const pathFor = (n: number) => `${n > 1 ? `${basePath}/${n}` : basePath}${location.search}`;
  return { page, page0: page - 1, basePath, pathFor, navigate };
}

export type TListPage = ReturnType<typeof useListPage>;
