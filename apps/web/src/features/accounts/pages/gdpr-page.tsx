import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import { ZGdprForm, type TGdprForm } from '@opence/shared/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRequestErasure } from '../api/remove-consent.ts';
import { CheckboxField } from '../../../components/ui/field.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';
import '../accounts.css';

/** /gdpr (01 §2, §5): with the box checked the removal request starts; a confirmation mail follows. */
export function Component() {
  usePageTitle('GDPR Remove Consent');
  const [message, setMessage] = useState<string | null>(null);
  const [isSent, setSent] = useState(false);
  const request = useRequestErasure();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TGdprForm>({ resolver: zodResolver(ZGdprForm), defaultValues: { confirm: false as never } });

  const onValid = async () => {
    setMessage(null);
    try {
      await request.mutateAsync();
      setSent(true);
    } catch (error) {
      setMessage(error instanceof ApiRequestError && error.status > 0 ? error.message : Texts.GENERIC_ERROR);
    }
  };

  return (
    <div className="container narrow">
      <h1>GDPR Remove Consent</h1>
      {isSent ? (
        <Alert kind="success">{Texts.GDPR_SUCCESS}</Alert>
      ) : (
        <>
          <p>
            You can withdraw your consent and have your personal data erased: your name, contact details and
            profile, your sessions, and the details shared with sponsors. Anonymous totals, such as how many
            people completed a course, are kept. After erasure you cannot log in to this account again.
          </p>
          <p>We will e-mail you a link to confirm the request.</p>
          {message && <Alert onDismiss={() => setMessage(null)}>{message}</Alert>}
          <form className="card account-form" noValidate onSubmit={handleSubmit(onValid)}>
            <CheckboxField
              id="gdpr-confirm"
              label="I want to remove my consent and have my personal data erased."
              registration={register('confirm')}
              error={errors.confirm?.message}
            />
            <SubmitButton variant="danger" isPending={request.isPending} pendingLabel="Submit Request">
              Submit Request
            </SubmitButton>
          </form>
        </>
      )}
    </div>
  );
}
