import { Texts } from '@opence/shared';
import { TextBlockPage } from '../components/text-block.tsx';

/** Terms of Use (01 §2): the 'terms' text block as HTML. */
export function Component() {
  return <TextBlockPage title={Texts.TERMS_TITLE} code="terms" />;
}
