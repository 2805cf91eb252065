import { requirementDetail, requirementStatusText, TrackerTexts as T } from '@opence/shared';
import type { TTrackerStanding } from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/feedback.tsx';
import { useSetCheck } from '../api/tracker-api.ts';

/*
 * A licence's requirements as a checklist (issue 36): what each is (hours, a course, once, a
 * card, the board's assessment), whether it is done, missing, not needed (and why), or waits for
 * an answer. Nothing that does not apply is shown as missing. An assessment, a one-off course
 * taken before and a card can be marked done on a day.
 */

type TRequirement = TTrackerStanding['requirements'][number];

const TONE: Record<TRequirement['status'], 'success' | 'warning' | 'primary'> = {
  met: 'success',
  missing: 'warning',
  not_applicable: 'primary',
  unknown: 'primary',
};

/** The member's mark on an assessment, a one-off course or a card: a day, saved on the licence. */
function MarkDone({ r, licenceId }: { r: TRequirement; licenceId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(r.doneOn ?? '');
  const save = useSetCheck(licenceId);
  const label =
    r.kind === 'assessment' ? T.MARK_DAY_PASSED : r.kind === 'card' ? T.MARK_DAY_CARD : T.MARK_DAY_DONE;
  if (r.doneOn && !open) {
    return (
      <Button
        variant="link"
        onClick={() => save.mutate({ key: r.key, doneOn: null })}
        disabled={save.isPending}
      >
        {T.MARK_REMOVE}
      </Button>
    );
  }
  if (!open) {
    return (
      <Button variant="link" onClick={() => setOpen(true)}>
        {r.kind === 'assessment' ? T.MARK_PASSED : T.MARK_DONE}
      </Button>
    );
  }
  return (
    <form
      className="tracker-mark"
      onSubmit={(e) => {
        e.preventDefault();
        if (/^\d{4}-\d{2}-\d{2}$/.test(value))
          save.mutate({ key: r.key, doneOn: value }, { onSuccess: () => setOpen(false) });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-day`}>{label}</label>
        <input
          id={`${id}-day`}
          type="date"
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {T.MARK_SAVE}
      </Button>
      <Button variant="link" onClick={() => setOpen(false)}>
        {T.CANCEL}
      </Button>
      {save.isError && <p className="field-error">{save.error.message}</p>}
    </form>
  );
}

export function RequirementList({
  standing,
  onAnswer,
}: {
  standing: TTrackerStanding;
  /** Opens the licence's questions (an issue date the tracker needs). */
  onAnswer: () => void;
}) {
  const shown = standing.requirements;
  if (shown.length === 0) return null;
  return (
    <ul className="tracker-reqs" aria-label={T.REQUIREMENTS}>
      {shown.map((r) => {
        const markable =
          (r.kind === 'assessment' || r.kind === 'once' || r.kind === 'card') &&
          (r.status === 'missing' || r.status === 'met') &&
          (r.kind !== 'card' || r.doneOn !== null || r.status === 'missing');
        return (
          <li key={r.key} className={`tracker-req is-${r.status}`}>
            <span className="tracker-req-status">
              <Badge tone={TONE[r.status]}>{requirementStatusText(r)}</Badge>
            </span>
            <span className="tracker-req-body">
              <span className="tracker-req-label">{r.label}</span>
              <span className="tracker-muted">{requirementDetail(r, standing.licence)}</span>
              {r.status === 'unknown' && r.ask === 'issued_on' && (
                <Button variant="link" onClick={onAnswer}>
                  {T.ANSWER}
                </Button>
              )}
              {markable && <MarkDone r={r} licenceId={standing.licence.id} />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
