import { COOKIE_MESSAGE_CODE, type TBootData } from '@opence/shared';
import type { QueryClient } from '@tanstack/react-query';
import { blurbQuery } from '../features/site/api/get-blurb.ts';
import { siteQuery } from '../features/site/api/get-site.ts';

/** Puts the server's answers for the frame into a query cache, so nothing asks for them again. */
export function seedBootData(client: QueryClient, boot: TBootData): void {
  client.setQueryData(siteQuery.queryKey, boot.site);
  if (boot.cookieMessage) client.setQueryData(blurbQuery(COOKIE_MESSAGE_CODE).queryKey, boot.cookieMessage);
}
