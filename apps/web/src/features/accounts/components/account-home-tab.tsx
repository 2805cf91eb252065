import { Texts } from '@opence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { accountKeys } from '../api/account-keys.ts';
import { useAccountBlurb } from '../api/get-account-blurb.ts';
import { useAccountHome } from '../api/get-account-home.ts';
import { downloadMyData } from '../api/get-my-data.ts';
import { hideAgdReminder } from '../api/hide-agd-reminder.ts';
import { sendCeReport } from '../api/send-ce-report.ts';

const errorText = (error: unknown) =>
  error instanceof ApiRequestError && error.status > 0 ? error.message : Texts.GENERIC_ERROR;

/** Account Home tab (01 §2): credits by type, the CE report mail, the AGD reminder, the data export. */
export function AccountHomeTab({ onEditProfile }: { onEditProfile: () => void }) {
  const home = useAccountHome();
  const reminder = useAccountBlurb('agd_reminder');
  const queryClient = useQueryClient();
  const download = useMutation({ mutationFn: downloadMyData });
  const report = useMutation({ mutationFn: sendCeReport });
  const hide = useMutation({
    mutationFn: hideAgdReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.home }),
  });

  if (home.isPending) return <Spinner />;
  if (home.isError) return <Alert>{errorText(home.error)}</Alert>;
  const { ceHome, ceLive, ceTotal, showAgdReminder } = home.data;

  return (
    <div className="account-home">
      {showAgdReminder && (
        <div className="alert alert-info agd-reminder" role="region" aria-label="AGD reminder">
          <div>
            <p>{reminder.data || Texts.AGD_REMINDER_FALLBACK}</p>
            <div className="button-row">
              <Button variant="secondary" onClick={onEditProfile}>
                Add AGD number
              </Button>
              <Button variant="link" onClick={() => hide.mutate()} disabled={hide.isPending}>
                Hide this reminder
              </Button>
            </div>
          </div>
        </div>
      )}
      <section className="card" aria-labelledby="credits-title">
        <h2 id="credits-title">Your CE credits</h2>
        <dl className="credit-summary">
          <div>
            <dt>Self-Study</dt>
            <dd>{ceHome} CEU</dd>
          </div>
          <div>
            <dt>Live, Interactive</dt>
            <dd>{ceLive} CEU</dd>
          </div>
          <div className="credit-total">
            <dt>Total</dt>
            <dd>{ceTotal} CEU</dd>
          </div>
        </dl>
        {report.isSuccess && <Alert kind="success">{report.data.msg ?? Texts.CE_REPORT_SENT}</Alert>}
        {report.isError && <Alert>{errorText(report.error)}</Alert>}
        <div className="button-row">
          <Button onClick={() => report.mutate()} disabled={report.isPending}>
            E-mail CE report
          </Button>
          <Link className="btn btn-secondary" to="/completed">
            CE Completed
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="data-title">
        <h2 id="data-title">Your data</h2>
        <p>Download everything we keep about you as a JSON file, or ask us to erase your personal data.</p>
        {download.isError && <Alert onDismiss={() => download.reset()}>{errorText(download.error)}</Alert>}
        <div className="button-row">
          <Button variant="secondary" onClick={() => download.mutate()}>
            Download my data
          </Button>
          <Link className="btn btn-secondary" to="/gdpr">
            Remove consent (GDPR)
          </Link>
        </div>
      </section>
    </div>
  );
}
