import { officeText, OfficeTexts as T } from '@opence/shared';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { serverFormErrors } from '../../../components/ui/form.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useOrganisationInvitePreview, useOrganisationJoin } from '../api/offices-api.ts';
import '../offices.css';

/*
 * Bringing an office into an organisation by its link (/organisation-join?t=…, decision 1168):
 * the organisation named, what its managers will see, the office chosen among those the member
 * manages themselves, and the office manager's consent.
 */
export function Component() {
  usePageTitle(T.ORG_JOIN_TITLE);
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const preview = useOrganisationInvitePreview(token);
  const join = useOrganisationJoin();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState('');
  const organisation = preview.data?.organisation;
  const offices = preview.data?.offices ?? [];
  const officeId = chosen || offices[0]?.id || '';
  return (
    <section className="container offices-page office-join" aria-labelledby={id}>
      <h1 id={id}>
        {organisation
          ? officeText(T.ORG_JOIN_HEADING, { organisation: organisation.name })
          : T.ORG_JOIN_TITLE}
      </h1>
      {!token || preview.isError ? (
        <Alert>
          {token ? serverFormErrors(preview.error, T.ORG_INVITE_INVALID).message : T.ORG_INVITE_INVALID}
        </Alert>
      ) : !preview.data ? (
        <Spinner label={T.LOADING} />
      ) : offices.length === 0 ? (
        <Alert kind="info">{T.ORG_JOIN_NO_OFFICE}</Alert>
      ) : (
        <form
          className="card office-section office-form"
          onSubmit={(e) => {
            e.preventDefault();
            join.mutate(
              { t: token, officeId },
              { onSuccess: () => void navigate('/office', { replace: true }) },
            );
          }}
        >
          <p>{officeText(T.ORG_JOIN_INTRO, { organisation: organisation!.name })}</p>
          <SelectField
            id={`${id}-office`}
            label={T.ORG_JOIN_OFFICE}
            placeholder={null}
            options={offices.map((o) => ({ value: o.id, label: o.name }))}
            value={officeId}
            onChange={(e) => setChosen(e.target.value)}
          />
          <p className="office-muted">{T.JOIN_NEVER}</p>
          {join.isError && <Alert>{serverFormErrors(join.error).message}</Alert>}
          <Button type="submit" disabled={join.isPending}>
            {T.ORG_JOIN_CONSENT}
          </Button>
        </form>
      )}
    </section>
  );
}
