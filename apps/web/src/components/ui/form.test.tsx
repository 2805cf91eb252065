import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRequestError } from '../../lib/api-client.ts';
import {
  CheckboxField,
  describedBy,
  fieldId,
  messageOf,
  PasswordField,
  SelectField,
  TextAreaField,
  TextField,
} from './field.tsx';
import { applyServerErrors, focusFirstInvalid, serverFormErrors, SubmitButton } from './form.tsx';

/*
 * The form kit (decision 0011) as a screen uses it: react-hook-form with a zod schema, the kit's
 * fields, and a call whose refusal marks the fields the server names. What it promises a member:
 * every control has its label, a hint and an error are read with the field, the first error gets
 * the focus, and nothing typed is lost when the form is refused.
 */

afterEach(cleanup);

const ZProfile = z.object({
  name: z.string().min(1, 'Enter your name'),
  email: z.string().email('Enter a valid email'),
  password: z.string().min(8, 'At least 8 characters'),
  state: z.string().min(1, 'Choose a state'),
  note: z.string(),
  agree: z.boolean(),
});
type TProfile = z.infer<typeof ZProfile>;

/** A profile form as the app's screens write one; `send` stands in for the API call. */
function ProfileForm({ send }: { send: (values: TProfile) => Promise<void> }) {
  const [message, setMessage] = useState('');
  const [isPending, setPending] = useState(false);
  const form = useForm<TProfile>({
    resolver: zodResolver(ZProfile),
    defaultValues: { name: '', email: '', password: '', state: '', note: '', agree: false },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values, event) => {
    setPending(true);
    try {
      await send(values);
      setMessage('Saved');
    } catch (error) {
      setMessage(
        applyServerErrors(error, form.setError, {
          form: event?.target as HTMLFormElement | undefined,
        }).message,
      );
    } finally {
      setPending(false);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {message && <p role="alert">{message}</p>}
      <TextField id="name" label="Name" registration={form.register('name')} error={errors.name?.message} />
      <TextField
        id="email"
        label="Email"
        type="email"
        hint="We send your certificates here"
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <PasswordField
        id="password"
        label="Password"
        registration={form.register('password')}
        error={errors.password?.message}
      />
      <SelectField
        id="state"
        label="State"
        options={['CA', { value: 'NY', label: 'New York' }]}
        registration={form.register('state')}
        error={errors.state?.message}
      />
      <TextAreaField
        id="note"
        label="Note"
        registration={form.register('note')}
        error={errors.note?.message}
      />
      <CheckboxField
        id="agree"
        label="Send me news"
        registration={form.register('agree')}
        error={errors.agree?.message}
      />
      <SubmitButton isPending={isPending} pendingLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

const fillValid = () => {
  type('Name', 'Ana Ruiz');
  type('Email', 'ana@example.com');
  type('Password', 'long enough');
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'NY' } });
};

const valueOf = (control: HTMLElement) => (control as HTMLInputElement).value;
const isDisabled = (button: HTMLElement) => (button as HTMLButtonElement).disabled;

/** The texts a control's aria-describedby points at, in order. */
const descriptionOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('the form kit', () => {
  it('ties every control to its label, and a hint to its control, with nothing marked invalid at first', () => {
    render(<ProfileForm send={async () => {}} />);
    for (const [label, tag] of [
      ['Name', 'INPUT'],
      ['Email', 'INPUT'],
      ['Password', 'INPUT'],
      ['State', 'SELECT'],
      ['Note', 'TEXTAREA'],
      ['Send me news', 'INPUT'],
    ] as const) {
      const control = screen.getByLabelText(label);
      expect(control.tagName).toBe(tag);
      expect(control.hasAttribute('aria-invalid')).toBe(false);
    }
    expect(descriptionOf(screen.getByLabelText('Email'))).toEqual(['We send your certificates here']);
    expect(screen.getByLabelText('Name').hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByLabelText('Send me news').getAttribute('type')).toBe('checkbox');
    // The select offers its placeholder first, then its options by label.
    expect(
      Array.from((screen.getByLabelText('State') as HTMLSelectElement).options, (o) => [o.value, o.text]),
    ).toEqual([
      ['', 'Select…'],
      ['CA', 'CA'],
      ['NY', 'New York'],
    ]);
  });

  it('on a refused submit shows each error with its field, keeps the hint, focuses the first error and keeps what was typed', async () => {
    const sent: TProfile[] = [];
    render(<ProfileForm send={async (values) => void sent.push(values)} />);
    type('Name', 'Ana Ruiz');
    type('Email', 'ana@');
    type('Note', 'Call after 5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toEqual(['We send your certificates here', 'Enter a valid email']);
    expect(descriptionOf(screen.getByLabelText('Password'))).toEqual(['At least 8 characters']);
    expect(descriptionOf(screen.getByLabelText('State'))).toEqual(['Choose a state']);
    expect(screen.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
    expect(valueOf(screen.getByLabelText('Name'))).toBe('Ana Ruiz');
    expect(valueOf(email)).toBe('ana@');
    expect(valueOf(screen.getByLabelText('Note'))).toBe('Call after 5');
    expect(sent).toEqual([]);
  });

  it('clears an error once the field is put right and sends the values', async () => {
    const sent: TProfile[] = [];
    render(<ProfileForm send={async (values) => void sent.push(values)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'));
    fillValid();
    fireEvent.click(screen.getByLabelText('Send me news'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Saved');
    expect(screen.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
    expect(sent).toEqual([
      {
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        password: 'long enough',
        state: 'NY',
        note: '',
        agree: true,
      },
    ]);
  });

  it('marks the fields a server refusal names, focuses the first on screen and keeps what was typed', async () => {
    render(
      <ProfileForm
        send={() =>
          Promise.reject(
            new ApiRequestError(400, 'Refused', {
              fields: { state: 'Not a state we serve', email: 'This email is taken' },
            }),
          )
        }
      />,
    );
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain(Texts.CORRECT_ERRORS);
    const email = screen.getByLabelText('Email');
    // The first marked field in screen order, not in the order the server named them.
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(descriptionOf(email)).toEqual(['We send your certificates here', 'This email is taken']);
    expect(descriptionOf(screen.getByLabelText('State'))).toEqual(['Not a state we serve']);
    expect(valueOf(email)).toBe('ana@example.com');
    expect(valueOf(screen.getByLabelText('Password'))).toBe('long enough');
    expect(isDisabled(screen.getByRole('button', { name: 'Save' }))).toBe(false);
  });

  it('says "Saving…" on a disabled button while the call is on its way', async () => {
    let answer: () => void = () => {};
    render(<ProfileForm send={() => new Promise<void>((resolve) => (answer = resolve))} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(isDisabled(await screen.findByRole('button', { name: 'Saving…' }))).toBe(true);
    answer();
    expect(isDisabled(await screen.findByRole('button', { name: 'Save' }))).toBe(false);
  });

  it('shows the password on demand and hides it again, the toggle saying which it does', () => {
    render(<ProfileForm send={async () => {}} />);
    const password = screen.getByLabelText('Password');
    // The toggle names the field it shows (jsdom joins the hidden span's words without the space).
    const toggle = screen.getByRole('button', { name: /^Show ?Password$/ });
    expect(password.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(password.id);
    fireEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: /^Hide ?Password$/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('focuses the first marked field even when React draws the marks a few tasks late (a busy phone, CI)', async () => {
    const { container } = render(
      <form>
        <input name="name" aria-label="Name" />
        <input name="email" aria-label="Email" />
      </form>,
    );
    const form = container.querySelector('form');
    focusFirstInvalid(form);
    // Drawn after several tasks, as when the scheduler loses the race to the first timer.
    await new Promise((resolve) => setTimeout(resolve, 5));
    screen.getByLabelText('Email').setAttribute('aria-invalid', 'true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });
});

describe('a refusal read as field errors', () => {
  it('takes the fields the server names, or its one named field with its message', () => {
    expect(serverFormErrors(new ApiRequestError(400, 'x', { fields: { email: 'Taken' } }))).toEqual({
      fields: { email: 'Taken' },
      message: Texts.CORRECT_ERRORS,
    });
    expect(
      serverFormErrors(new ApiRequestError(400, 'x', { field: 'username', errorMsg: 'Unknown user' })),
    ).toEqual({ fields: { username: 'Unknown user' }, message: Texts.CORRECT_ERRORS });
  });

  it("says the server's own text when it named no field, and the fallback when nothing answered", () => {
    expect(serverFormErrors(new ApiRequestError(409, 'Class is full', { msg: 'Class is full' }))).toEqual({
      fields: {},
      message: 'Class is full',
    });
    expect(serverFormErrors(new ApiRequestError(0, 'offline'))).toEqual({
      fields: {},
      message: Texts.SERVICE_ERROR,
    });
    expect(serverFormErrors(new Error('bug'), 'Could not save')).toEqual({
      fields: {},
      message: 'Could not save',
    });
  });

  it('marks only the known fields and counts the others', () => {
    const marked: string[] = [];
    const result = applyServerErrors(
      new ApiRequestError(400, 'x', { fields: { 'questions.0.text': 'Required', other: 'Bad' } }),
      (name) => void marked.push(name),
      { known: ['questions'] },
    );
    expect(marked).toEqual(['questions.0.text']);
    expect(result).toEqual({ message: Texts.CORRECT_ERRORS, marked: 1, other: 1 });
  });
});

describe('field ids and messages', () => {
  it('gives a list row field an id without dots, and finds its nested message', () => {
    expect(fieldId('questions.0.text')).toBe('f-questions-0-text');
    const errors = { questions: [{ text: { type: 'too_small', message: 'Write the question' } }] };
    expect(messageOf(errors as never, 'questions.0.text')).toBe('Write the question');
    expect(messageOf(errors as never, 'questions')).toBe('Write the question');
    expect(messageOf(errors as never, 'title')).toBeUndefined();
  });

  it('names the hint, the error and any other notes a control is described by', () => {
    expect(describedBy('f-a', 'hint', 'wrong', 'f-a-count')).toEqual({
      'aria-describedby': 'f-a-hint f-a-error f-a-count',
      'aria-invalid': true,
    });
    expect(describedBy('f-a', undefined, undefined)).toEqual({
      'aria-describedby': undefined,
      'aria-invalid': undefined,
    });
  });
});
