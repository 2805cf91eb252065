import { Texts } from '@opence/shared';
import type { TStudentData } from '@opence/shared/schemas';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useHideAgdReminder } from '../api/hide-agd-reminder.ts';

/**
 * The AGD reminder (02 §4): only for a member without an AGD number who has not hidden it, since
 * credits reach the AGD only once the number is on the profile. Hiding it updates the member.
 */
export function AgdReminder({ studentData }: { studentData: TStudentData }) {
  const hide = useHideAgdReminder();
  if (!studentData.status || studentData.agdNumber || studentData.hideAgdReminder || hide.isSuccess)
    return null;
  return (
    <div className="alert alert-info agd-reminder" role="region" aria-label="AGD reminder">
      <div>
        <p>{Texts.AGD_REMINDER_FALLBACK}</p>
        <div className="flow-actions">
          <Link to="/account">Add AGD number</Link>
          <Button variant="link" disabled={hide.isPending} onClick={() => hide.mutate()}>
            Do not show again
          </Button>
        </div>
      </div>
    </div>
  );
}
