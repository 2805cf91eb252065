import { Texts } from '@opence/shared';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { sanitiseHtml, textWithBreaks } from '../../../lib/safe-html.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useBlurb } from '../api/get-blurb.ts';

/**
 * A page made of one staff-edited text block (01 §2 Terms and Privacy), rendered as HTML after
 * sanitising. Plain text keeps its line breaks when asked. A failed load shows 'No class
 * selected.' with the generic error, as the product does (01 §8).
 */
export function TextBlockPage({
  title,
  code,
  keepLineBreaks = false,
}: {
  title: string;
  code: string;
  keepLineBreaks?: boolean;
}) {
  usePageTitle(title);
  const blurb = useBlurb(code);
  return (
    <div className="container">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      {blurb.isPending && <Spinner />}
      {blurb.isError && (
        <Alert>
          <p>{Texts.NO_CLASS_SELECTED}</p>
          <p>{Texts.GENERIC_ERROR}</p>
        </Alert>
      )}
      {blurb.isSuccess && (
        <div
          className="card text-block"
          // Sanitised by an allowlist just above: staff text, never member input.
          dangerouslySetInnerHTML={{
            __html: sanitiseHtml(keepLineBreaks ? textWithBreaks(blurb.data) : blurb.data),
          }}
        />
      )}
    </div>
  );
}
