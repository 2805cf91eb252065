import { LobbyContent } from '../../features/podcasts/components/lobby.tsx';
import { QuestionsPanel } from '../../features/questions/components/questions-panel.tsx';
import { LiveRoomPage } from '../../features/seats/pages/live-page.tsx';

/**
 * The live room composed with the pre-webinar lobby of drill-downs and podcasts and the questions
 * to the presenter (features meet in app/).
 */
export function Component() {
  return (
    <LiveRoomPage
      renderLobby={(c) => <LobbyContent lobby={{ kind: 'webinar', c }} />}
      renderQuestions={(c, phase) => <QuestionsPanel c={c} phase={phase} />}
    />
  );
}
