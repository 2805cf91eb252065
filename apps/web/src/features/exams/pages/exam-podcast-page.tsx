import { ExamPage } from './exam-page.tsx';

/** /exam-podcast/{p}: the exam of a podcast episode. */
export function Component() {
  return <ExamPage kind="podcast" />;
}
