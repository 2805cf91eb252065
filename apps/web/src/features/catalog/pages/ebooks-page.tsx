import { Texts } from '@opence/shared';
import type { TEbookRow } from '@opence/shared/schemas';
import { useState } from 'react';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useBooks } from '../api/get-books.ts';
import { useSaveBookRequest } from '../api/save-book-request.ts';
import { EbookCard } from '../components/ebook-card.tsx';
import { ListHeader } from '../../../components/ui/list.tsx';
import { ListBody } from '../components/list-body.tsx';
import { useListRoute } from '../components/use-list-route.ts';

/**
 * eBooks (01 §2): visitors are sent to log in; for a member the request is saved as the PDF
 * opens, and a failed save shows its message without holding the book back.
 */
export function Component() {
  usePageTitle(Texts.EBOOKS_TITLE);
  const session = useSession();
  const route = useListRoute();
  const query = useBooks(route.apiParams);
  const saveRequest = useSaveBookRequest();
  const [failure, setFailure] = useState<string | null>(null);

  const onGet = (book: TEbookRow) => {
    setFailure(null);
    saveRequest.mutate(book.hash, {
      onError: (error) => {
        const errorMsg = error instanceof ApiRequestError ? error.body?.errorMsg : undefined;
        setFailure(typeof errorMsg === 'string' && errorMsg ? errorMsg : Texts.EBOOK_FAILED);
      },
    });
  };

  return (
    <div className="container">
      <ListHeader title={Texts.EBOOKS_TITLE} count="" />
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <ListBody
        route={route}
        query={query}
        emptyText={Texts.EMPTY_EBOOKS}
        renderRow={(book) => (
          <EbookCard key={book.hash} book={book} isSignedIn={Boolean(session)} onGet={onGet} />
        )}
      />
    </div>
  );
}
