import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import { ZMobileAdForm, type TMobileAdBanner, type TMobileAdForm } from '@opence/shared/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { useMobileAdDetails } from '../api/get-mobile-ad.ts';
import { useSubmitMobileAd } from '../api/submit-mobile-ad.ts';

/** What the modal shows when the details cannot load (02 §2 defaults). */
const FALLBACK = {
  buttonText: Texts.AD_BUTTON_DEFAULT,
  blurb: Texts.AD_BLURB_DEFAULT,
  confirmationMessageTitle: Texts.AD_CONFIRMATION_TITLE_DEFAULT,
  confirmationMessage: Texts.AD_CONFIRMATION_DEFAULT,
};

/**
 * The mobile ad modal (02 §2): a member, whose e-mail is known, gets one button; a visitor
 * gets an e-mail form. After the submit, the confirmation and Close. It is mounted only while
 * open, so hiding it resets the submitted state and the errors and forgets a visitor's e-mail.
 */
export function MobileAdModal({ banner, onClose }: { banner: TMobileAdBanner; onClose: () => void }) {
  const session = useSession();
  const details = useMobileAdDetails(banner.adId);
  const submit = useSubmitMobileAd();
  const [isSubmitted, setSubmitted] = useState(false);
  const form = useForm<TMobileAdForm>({ resolver: zodResolver(ZMobileAdForm), defaultValues: { e: '' } });
  const text = details.data ?? FALLBACK;
  const knownEmail = session?.email || null;
  const formHasErrors = form.formState.submitCount > 0 && !form.formState.isValid;

  const send = (email: string) =>
    submit.mutate({ adId: banner.adId, email }, { onSuccess: () => setSubmitted(true) });

  return (
    <Modal
      open
      title={banner.title}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {isSubmitted ? (
        <div role="status">
          <p className="mobile-ad-confirm-title">{text.confirmationMessageTitle}</p>
          <p>{text.confirmationMessage}</p>
        </div>
      ) : details.isLoading ? (
        <Spinner />
      ) : (
        <>
          <p>{text.blurb}</p>
          {submit.isError && <Alert>{submit.error.message}</Alert>}
          {knownEmail ? (
            <Button onClick={() => send(knownEmail)} disabled={submit.isPending}>
              {text.buttonText}
            </Button>
          ) : (
            <form noValidate onSubmit={form.handleSubmit((values) => send(values.e))}>
              <TextField
                id={`mobile-ad-email-${banner.adId}`}
                label="Email"
                type="email"
                autoComplete="email"
                registration={form.register('e')}
                error={form.formState.errors.e?.message}
              />
              {formHasErrors && <Alert>{Texts.CORRECT_ERRORS}</Alert>}
              <Button type="submit" disabled={submit.isPending}>
                {text.buttonText}
              </Button>
            </form>
          )}
        </>
      )}
    </Modal>
  );
}
