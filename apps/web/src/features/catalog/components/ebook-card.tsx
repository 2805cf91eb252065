import { ebookLabel, pictureAt, Texts } from '@opence/shared';
import type { TEbookRow } from '@opence/shared/schemas';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/feedback.tsx';

/**
 * An eBook (01 §2): thumbnail, title, subtitle, blurb and its price label. A visitor's button
 * goes to login and back; a member's opens the PDF and tells the parent, which records the
 * request (the PDF opens whatever that answers).
 */
export function EbookCard({
  book,
  isSignedIn,
  onGet,
}: {
  book: TEbookRow;
  isSignedIn: boolean;
  onGet: (book: TEbookRow) => void;
}) {
  const buttonText = book.buttonText || Texts.EBOOK_BUTTON_DEFAULT;
  return (
    <li className="ebook-card card">
      {book.thumbnail && (
        <img className="ebook-thumb" src={pictureAt(book.thumbnail, 320)} alt="" width="120" height="160" />
      )}
      <div className="ebook-body">
        <Badge tone="success">{ebookLabel(isSignedIn)}</Badge>
        <h2 className="ebook-title">{book.title}</h2>
        {book.subtitle && <p className="ebook-subtitle">{book.subtitle}</p>}
        <p>{book.blurbLib}</p>
        {isSignedIn && book.pdf ? (
          <a className="btn" href={book.pdf} target="_blank" rel="noopener" onClick={() => onGet(book)}>
            {buttonText}
          </a>
        ) : (
          <Link className="btn" to="/login?rurl=/ebooks">
            {buttonText}
          </Link>
        )}
      </div>
    </li>
  );
}
