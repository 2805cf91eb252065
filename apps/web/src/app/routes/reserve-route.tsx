import { QuestionsPanel } from '../../features/questions/components/questions-panel.tsx';
import { ReservePage } from '../../features/seats/pages/reserve-page.tsx';

/** The webinar's page before it starts, with questions sent in advance (features meet in app/). */
export function Component() {
  return <ReservePage renderQuestions={(c, phase) => <QuestionsPanel c={c} phase={phase} />} />;
}
