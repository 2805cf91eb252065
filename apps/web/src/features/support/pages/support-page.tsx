import { zodResolver } from '@hookform/resolvers/zod';
import { SUPPORT_TOPICS, Texts } from '@opence/shared';
import { ZSupportForm, type TSupportForm } from '@opence/shared/schemas';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { TextField, SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSendSupport } from '../api/send-support.ts';

/** A refusal shows the server's text; a failure to reach it, the generic error (01 §8 Support). */
function failureText(error: Error): string {
  if (error instanceof ApiRequestError && error.status > 0 && error.status < 500)
    return error.message || Texts.SERVICE_ERROR;
  return Texts.GENERIC_ERROR;
}

/**
 * Support (01 §2, §5): every field checked on submit and nothing sent while one is wrong. A
 * member's name and e-mail are filled in. After 'Message received.' the topic and comments
 * are cleared for a next message.
 */
export function Component() {
  usePageTitle(Texts.SUPPORT_TITLE);
  const session = useSession();
  const send = useSendSupport();
  // No topic is chosen at first (the select shows its placeholder), unless a link names one
  // (the accessibility statement's "report a barrier").
  const [params] = useSearchParams();
  const topic = params.get('topic');
  const subject = (SUPPORT_TOPICS as readonly string[]).includes(topic ?? '') ? topic! : undefined;
  const form = useForm<TSupportForm>({
    resolver: zodResolver(ZSupportForm),
    defaultValues: {
      name: session?.name ?? '',
      office: '',
      email: session?.email ?? '',
      phone: '',
      comment: '',
      ...(subject ? { subject: subject as TSupportForm['subject'] } : {}),
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => form.reset({ ...form.getValues(), subject: '', comment: '' }),
    }),
  );

  return (
    <div className="container support-page">
      <div className="page-header">
        <h1>{Texts.SUPPORT_TITLE}</h1>
      </div>
      {send.isSuccess && (
        <div className="alert alert-success support-success" role="status">
          <p>{Texts.SUPPORT_SUCCESS}</p>
          <ButtonLink to="/home">Home</ButtonLink>
        </div>
      )}
      {send.isError && <Alert>{failureText(send.error)}</Alert>}
      <form className="card support-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          id="support-name"
          label={Texts.SUPPORT_LABEL_NAME}
          autoComplete="name"
          registration={form.register('name')}
          error={errors.name?.message}
        />
        <TextField
          id="support-office"
          label={Texts.SUPPORT_LABEL_OFFICE}
          autoComplete="organization"
          registration={form.register('office')}
          error={errors.office?.message}
        />
        <TextField
          id="support-email"
          label={Texts.SUPPORT_LABEL_EMAIL}
          type="email"
          autoComplete="email"
          registration={form.register('email')}
          error={errors.email?.message}
        />
        <TextField
          id="support-phone"
          label={Texts.SUPPORT_LABEL_PHONE}
          type="tel"
          autoComplete="tel"
          registration={form.register('phone')}
          error={errors.phone?.message}
        />
        <SelectField
          id="support-subject"
          label={Texts.SUPPORT_LABEL_SUBJECT}
          options={SUPPORT_TOPICS}
          placeholder="Select a topic"
          registration={form.register('subject')}
          error={errors.subject?.message}
        />
        <TextAreaField
          id="support-comment"
          label={Texts.SUPPORT_LABEL_COMMENT}
          rows={6}
          registration={form.register('comment')}
          error={errors.comment?.message}
        />
        <Button type="submit" disabled={send.isPending}>
          Send
        </Button>
      </form>
    </div>
  );
}
