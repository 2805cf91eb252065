import { LobbyContent } from '../../features/podcasts/components/lobby.tsx';
import { LiveRoomPage } from '../../features/seats/pages/live-page.tsx';

/** The live room composed with the pre-webinar lobby of drill-downs and podcasts (features meet in app/). */
export function Component() {
  return <LiveRoomPage renderLobby={(c) => <LobbyContent lobby={{ kind: 'webinar', c }} />} />;
}
