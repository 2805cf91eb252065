import { Texts } from '@opence/shared';
import { usePageTitle } from '../../../lib/page-title.ts';

/** /done/{c} (02 §2): shows only the word Done. */
export function Component() {
  usePageTitle(Texts.DONE);
  return (
    <div className="container">
      <h1>{Texts.DONE}</h1>
    </div>
  );
}
