import { pageDescription, pageTitle } from '@opence/shared';
import { useEffect } from 'react';
import { useSite } from '../features/site/api/get-site.ts';

/** Sets '<topic> | <brand>' as the document title (01 §1) and, if given, the description. */
export function usePageTitle(topic: string, description?: string) {
  const { brand } = useSite();
  useEffect(() => {
    document.title = pageTitle(topic, brand);
    if (description) {
      document
        .querySelector('meta[name="description"]')
        ?.setAttribute('content', pageDescription(description));
    }
  }, [topic, brand, description]);
}
