import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/**
 * The app's query defaults. The server's renderer draws a screen with them too (decision 0830):
 * what a query reports (fresh or about to be fetched) shows in the markup, and the browser keeps
 * the server's attributes where its first render differs.
 */
export const QUERY_DEFAULTS = {
  queries: {
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    // A refusal (4xx) will not change by asking again; a network blip might.
    retry: (count: number, error: Error) =>
      !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
  },
} satisfies DefaultOptions;

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
