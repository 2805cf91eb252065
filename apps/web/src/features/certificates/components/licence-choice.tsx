import { Texts } from '@opence/shared';
import type { TCertificateLicence } from '@opence/shared/schemas';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { useChooseLicences } from '../api/choose-licences.ts';
import type { TCertificateTarget } from '../api/get-certificate.ts';

/**
 * Which of the member's licences the certificate names (issue 35, decision 1045): the member's
 * own list from the CE Tracker, ticked as the certificate prints them (by default every licence
 * whose board accepts the course), saved with a word beside the button.
 */
export function LicenceChoice({
  target,
  licences,
}: {
  target: TCertificateTarget;
  licences: TCertificateLicence[];
}) {
  const legendId = useId();
  const hintId = useId();
  const choose = useChooseLicences(target);
  const [chosen, setChosen] = useState(() => new Set(licences.filter((l) => l.isChosen).map((l) => l.id)));
  if (licences.length === 0) {
    return (
      <p className="licence-choice-empty">
        {Texts.CERT_LICENCES_NONE} <Link to="/tracker">Open the CE Tracker</Link>
      </p>
    );
  }
  const toggle = (id: string) => {
    choose.reset();
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    choose.mutate(licences.filter((l) => chosen.has(l.id)).map((l) => l.id));
  };
  return (
    <form className="licence-choice" onSubmit={save} aria-labelledby={legendId}>
      <fieldset aria-describedby={hintId}>
        <legend id={legendId}>{Texts.CERT_LICENCES_LABEL}</legend>
        <p id={hintId} className="field-hint">
          The certificate and its PDF name the licences you tick.
        </p>
        {licences.map((licence) => (
          <label key={licence.id} className="licence-choice-option">
            <input type="checkbox" checked={chosen.has(licence.id)} onChange={() => toggle(licence.id)} />
            <span>
              {licence.label}
              {licence.isAccepted === false && (
                <span className="licence-choice-note"> ({Texts.CERT_LICENCE_NOT_ACCEPTED})</span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="licence-choice-actions">
        <Button type="submit" variant="secondary" disabled={choose.isPending}>
          {choose.isPending ? 'Saving…' : 'Save licences'}
        </Button>
        <span role="status" className="licence-choice-status">
          {choose.isSuccess ? Texts.CERT_LICENCES_SAVED : ''}
        </span>
      </div>
      {choose.error && <Alert onDismiss={() => choose.reset()}>{choose.error.message}</Alert>}
    </form>
  );
}
