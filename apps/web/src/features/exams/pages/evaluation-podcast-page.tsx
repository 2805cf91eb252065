import { EvaluationPage } from './evaluation-page.tsx';

/** /eval-podcast/{p}: the evaluation of a podcast episode. */
export function Component() {
  return <EvaluationPage kind="podcast" />;
}
