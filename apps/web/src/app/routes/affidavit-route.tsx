import { AffidavitPage } from '../../features/classroom/pages/affidavit-page.tsx';
import { LiveAttendance } from '../../features/seats/components/live-attendance.tsx';

/** The attendance confirmation with the live webinar's variant (features meet in app/). */
export function Component() {
  return <AffidavitPage liveVariant={LiveAttendance} />;
}
