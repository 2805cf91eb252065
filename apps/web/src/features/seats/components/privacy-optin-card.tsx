import { Texts } from '@opence/shared';
import type { TPrivacyBlock } from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { useSetPrivacyOptin } from '../api/set-privacy-optin.ts';
import { failureText } from './error-text.ts';

/**
 * The sponsor's privacy opt-in (02 §2, §4): title, blurb, Yes and No, and 'What does this
 * mean?' opening the learn-more text. Either answer is stored; the card then closes.
 */
export function PrivacyOptinCard({
  c,
  block,
  onAnswered,
}: {
  c: string;
  block: TPrivacyBlock;
  onAnswered: () => void;
}) {
  const save = useSetPrivacyOptin(c);
  const [isExplained, setExplained] = useState(false);
  const explanationId = useId();
  const answer = (optin: boolean) => save.mutate(optin, { onSuccess: onAnswered });
  return (
    <section className="card room-card privacy-card" aria-labelledby="privacy-title">
      <h2 id="privacy-title">{block.title}</h2>
      {block.blurb && <p>{block.blurb}</p>}
      {save.isError && <Alert>{failureText(save.error, Texts.UNABLE_OPTIN, Texts.ERROR_OPTIN)}</Alert>}
      <div className="room-actions">
        {/* Equal weight: neither answer is pushed (issue 22). */}
        <Button variant="secondary" onClick={() => answer(true)} disabled={save.isPending}>
          Yes
        </Button>
        <Button variant="secondary" onClick={() => answer(false)} disabled={save.isPending}>
          No
        </Button>
        {block.learnmore && (
          <Button
            variant="link"
            aria-expanded={isExplained}
            aria-controls={explanationId}
            onClick={() => setExplained((open) => !open)}
          >
            {Texts.WHAT_DOES_THIS_MEAN}
          </Button>
        )}
      </div>
      {block.learnmore && (
        <p id={explanationId} className="privacy-learnmore" hidden={!isExplained}>
          {block.learnmore}
        </p>
      )}
    </section>
  );
}
