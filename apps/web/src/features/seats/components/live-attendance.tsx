import { Texts } from '@opence/shared';
import { Button } from '../../../components/ui/button.tsx';
import '../seats.css';

/** What the attendance page hands its variants: it records the answer and moves on. */
export type TLiveAttendanceProps = {
  confirm: (attended: boolean) => Promise<void>;
  isSaving: boolean;
};

/**
 * The attendance confirmation of a live class (02 §2 Attendance, 03 §5), shown by the
 * classroom's attendance page for a member who held a seat. 'Yes I Attended' goes on to the
 * evaluation, and earns live credit when the member entered the webinar in time; 'No, I Did
 * Not Attend' returns to the classroom: the playback and its exam earn self-study credit.
 */
export function LiveAttendance({ confirm, isSaving }: TLiveAttendanceProps) {
  return (
    <section className="card live-attendance" aria-labelledby="live-attendance-title">
      <h2 id="live-attendance-title">{Texts.LIVE_ATTENDANCE_QUESTION}</h2>
      <div className="live-attendance-choices">
        <div>
          <Button onClick={() => void confirm(true)} disabled={isSaving}>
            {Texts.YES_I_ATTENDED}
          </Button>
        </div>
        <div>
          <Button
            variant="secondary"
            onClick={() => void confirm(false)}
            disabled={isSaving}
            aria-describedby="not-attended-note"
          >
            {Texts.NO_I_DID_NOT_ATTEND}
          </Button>
          <p id="not-attended-note" className="room-note">
            {Texts.NOT_ATTENDED_EXPLANATION}
          </p>
        </div>
      </div>
    </section>
  );
}
