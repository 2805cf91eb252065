import { officeText, OfficeTexts as T } from '@opence/shared';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { serverFormErrors } from '../../../components/ui/form.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useInvitePreview, useJoin } from '../api/offices-api.ts';
import { SharingChoices } from '../components/office-card.tsx';
import '../offices.css';

/*
 * Joining an office by its invite link (/office-join?t=…, issue 43): the office named, what it
 * may see chosen by the colleague (nothing is ticked for them), and the consent to join.
 */
export function Component() {
  usePageTitle(T.JOIN_TITLE);
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const preview = useInvitePreview(token);
  const join = useJoin();
  const navigate = useNavigate();
  const [choice, setChoice] = useState({ sharesDeadlines: false, sharesHours: false });
  const office = preview.data?.office;
  return (
    <section className="container offices-page office-join" aria-labelledby={id}>
      <h1 id={id}>{office ? officeText(T.JOIN_HEADING, { office: office.name }) : T.JOIN_TITLE}</h1>
      {!token || preview.isError ? (
        <Alert>{token ? serverFormErrors(preview.error, T.INVITE_INVALID).message : T.INVITE_INVALID}</Alert>
      ) : !preview.data ? (
        <Spinner label={T.LOADING} />
      ) : preview.data.isMember ? (
        <>
          <Alert kind="info">{T.ALREADY_MEMBER}</Alert>
          <ButtonLink to="/office">{T.PAGE_TITLE}</ButtonLink>
        </>
      ) : (
        <form
          className="card office-section office-form"
          onSubmit={(e) => {
            e.preventDefault();
            join.mutate(
              { t: token, ...choice },
              { onSuccess: () => void navigate('/office', { replace: true }) },
            );
          }}
        >
          <p>{officeText(T.JOIN_INTRO, { office: office!.name })}</p>
          <SharingChoices idPrefix={id} {...choice} onChange={setChoice} />
          {join.isError && <Alert>{serverFormErrors(join.error).message}</Alert>}
          <Button type="submit" disabled={join.isPending}>
            {T.JOIN_CONSENT}
          </Button>
        </form>
      )}
    </section>
  );
}
