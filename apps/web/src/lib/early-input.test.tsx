import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  earlyChoicesIn,
  replayEarlyChoices,
  replayEarlyInput,
  stopKeepingEarlyInput,
  type TEarlyInput,
} from './early-input.ts';

/*
 * What a visitor does before the app runs (docs/decisions/0830): the page's head script keeps taps
 * on buttons and form submits, and the app acts on them once it has taken the page over. The head
 * script runs here as in the page, before anything else, with the server's screen in the
 * document; the app then takes it over with React (Testing Library), as main.tsx does.
 */

beforeAll(async () => {
  // Once, as in the page: it keeps what happens from now until the app says it handles events.
  await import('../first-screen/head-script.ts');
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/** The sign-in form as the app draws it, submitting what was typed. */
function SignIn({ onSignIn }: { onSignIn: (username: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSignIn(new FormData(event.currentTarget).get('u') as string);
  };
  return (
    <form onSubmit={submit}>
      <label htmlFor="u">Username</label>
      <input id="u" name="u" />
      <button type="submit">Login</button>
    </form>
  );
}

/** The header's menu button, which opens the menu it controls. */
function Menu() {
  const [isOpen, setOpen] = useState(false);
  return (
    <header>
      <button type="button" aria-controls="site-nav" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>
        Menu
      </button>
      <nav id="site-nav" hidden={!isOpen}>
        Links
      </nav>
    </header>
  );
}

/** A quiz that keeps its answers in its state, as the exam does, and sends them on submit. */
function Quiz({ onSend }: { onSend: (answers: Record<string, string | boolean>) => void }) {
  const [answers, setAnswers] = useState<Record<string, string | boolean>>({ agree: true });
  const choose = (name: string, value: string | boolean) =>
    setAnswers((current) => ({ ...current, [name]: value }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(answers);
      }}
    >
      {['q1', 'q2'].map((name) => (
        <fieldset key={name}>
          <legend>{name}</legend>
          {['a', 'b', 'c'].map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={answers[name] === value}
                onChange={() => choose(name, value)}
              />
              {`${name}${value}`}
            </label>
          ))}
        </fieldset>
      ))}
      <label>
        <input
          type="checkbox"
          checked={answers.agree === true}
          onChange={(e) => choose('agree', e.target.checked)}
        />
        agree
      </label>
      <button type="submit">Send</button>
    </form>
  );
}

/** The server's screen of `ui`, in the document before any script of the app has run. */
function serverScreen(ui: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  return container;
}

describe('the taps and submits kept before the app runs', () => {
  it('are kept in order, each submit stopped, and no longer once the app takes over', () => {
    const container = serverScreen(
      <>
        <Menu />
        <SignIn onSignIn={() => undefined} />
        <a href="#terms">Terms</a>
        <section className="cookie-banner">
          <button type="button">Accept</button>
        </section>
      </>,
    );
    const menu = screen.getByRole('button', { name: 'Menu' });
    const form = container.querySelector('form')!;
    const sent: boolean[] = [];
    const recordSubmit = (event: Event) => sent.push(!event.defaultPrevented);
    document.addEventListener('submit', recordSubmit);
    fireEvent.click(menu);
    fireEvent.click(screen.getByRole('link', { name: 'Terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    // The submit button's tap submits the form: kept once, as the form's submit.
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    document.removeEventListener('submit', recordSubmit);
    expect(sent, 'the submit is stopped: no plain GET with what was typed').toEqual([false]);

    const kept = stopKeepingEarlyInput();
    expect(kept).toEqual<TEarlyInput[]>([
      { target: menu, kind: 'click' },
      { target: form, kind: 'submit' },
    ]);
    fireEvent.click(menu);
    expect(fireEvent.submit(form), 'the app handles submits itself now').toBe(true);
    expect(stopKeepingEarlyInput()).toEqual([]);
  });
});

describe('acting on them once the app runs', () => {
  it('taps and submits the same elements where the app took the server screen over (hydration)', () => {
    const onSignIn = vi.fn();
    const ui = (
      <>
        <Menu />
        <SignIn onSignIn={onSignIn} />
      </>
    );
    const container = serverScreen(ui);
    const menu = screen.getByRole('button', { name: 'Menu' });
    const form = container.querySelector('form')!;
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'demo.member' } });
    const kept: TEarlyInput[] = [
      { target: menu, kind: 'click' },
      { target: form, kind: 'submit' },
    ];

    render(ui, { container, hydrate: true });
    act(() => replayEarlyInput(kept));

    expect(screen.getByRole('button', { name: 'Menu' })).toBe(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(onSignIn).toHaveBeenCalledWith('demo.member');
  });

  it("taps the app's own element in place of one the page's frame had, by its id or what it controls", () => {
    // The frame beside a rendered screen has its shared ids suffixed (0934): the app's have none.
    const frame = serverScreen(
      <>
        <button type="button" aria-controls="site-nav--frame">
          Menu
        </button>
        <button type="button" id="search-button--frame">
          Search
        </button>
      </>,
    );
    const kept: TEarlyInput[] = Array.from(frame.querySelectorAll('button'), (target) => ({
      target,
      kind: 'click' as const,
    }));
    frame.remove();
    const onSearch = vi.fn();
    render(
      <>
        <Menu />
        <button type="button" id="search-button" onClick={onSearch}>
          Search
        </button>
      </>,
    );
    act(() => replayEarlyInput(kept));
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(onSearch).toHaveBeenCalledOnce();
  });

  it('does nothing for an element the app no longer has', () => {
    const gone = serverScreen(
      <button type="button" id="gone">
        Gone
      </button>,
    );
    const target = gone.querySelector('button')!;
    gone.remove();
    const onClick = vi.fn();
    render(
      <button type="button" onClick={onClick}>
        Other
      </button>,
    );
    act(() => replayEarlyInput([{ target, kind: 'click' }]));
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('the choices made on the server screen before the app runs', () => {
  it('reach a screen that keeps them in its state, before the submit kept with them', () => {
    const onSend = vi.fn();
    const container = serverScreen(<Quiz onSend={onSend} />);
    fireEvent.click(screen.getByLabelText('q1b'));
    fireEvent.click(screen.getByLabelText('q2a'));
    fireEvent.click(screen.getByLabelText('q2c'));
    fireEvent.click(screen.getByLabelText('agree'));
    const form = container.querySelector('form')!;
    const choices = earlyChoicesIn(container);
    expect(choices.map(({ input, checked }) => [input.value, checked])).toEqual([
      ['b', true],
      ['c', true],
      ['on', false],
    ]);

    render(<Quiz onSend={onSend} />, { container, hydrate: true });
    act(() => replayEarlyChoices(choices));
    act(() => replayEarlyInput([{ target: form, kind: 'submit' }]));

    expect(onSend).toHaveBeenCalledWith({ agree: false, q1: 'b', q2: 'c' });
    expect((screen.getByLabelText('q2c') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('q2a') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('agree') as HTMLInputElement).checked).toBe(false);
  });

  it('are none where nothing was changed', () => {
    const container = serverScreen(<Quiz onSend={() => undefined} />);
    expect(earlyChoicesIn(container)).toEqual([]);
  });
});
