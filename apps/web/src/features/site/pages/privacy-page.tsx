import { Texts } from '@opence/shared';
import { TextBlockPage } from '../components/text-block.tsx';

/** Privacy Policy (01 §2): the 'privacy' text block, its line breaks kept. */
export function Component() {
  return <TextBlockPage title={Texts.PRIVACY_TITLE} code="privacy" keepLineBreaks />;
}
