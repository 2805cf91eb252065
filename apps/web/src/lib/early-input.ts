import { EARLY_INPUT_GLOBAL, FRAME_ID_SUFFIX } from '@opence/shared';

/*
 * What a visitor did on the first screen before the app ran (docs/decisions/0830): the page's
 * head script (first-screen/head-script.ts) keeps each tap on a button and each form submit (the
 * submit stopped) until the app says it handles events itself, and the app then acts on them in
 * order. Boxes and radio buttons ticked meanwhile stay ticked in the page React takes over, but a
 * screen that keeps its choices in its state (the exam's answers) never heard of them: the app
 * taps each one again for it (replayEarlyChoices) before it acts on the taps and submits.
 */

/** One tap or submit the head script kept, in the order they happened. */
export type TEarlyInput = { target: Element; kind: 'click' | 'submit' };
/** The list the head script fills; `done` once the app handles events itself. */
export type TEarlyInputs = TEarlyInput[] & { done?: boolean };

const kept = (): TEarlyInputs =>
  (window as unknown as Record<string, TEarlyInputs | undefined>)[EARLY_INPUT_GLOBAL] ?? [];

/** From now on React handles taps and submits: the head script stops keeping them. */
export function stopKeepingEarlyInput(): TEarlyInput[] {
  const inputs = kept();
  inputs.done = true;
  return inputs.splice(0);
}

/**
 * The element of the app's screen that stands for one the visitor tapped: the same element where
 * React took the page over (hydration), else the one with the same id or controlling the same
 * thing (the app drew its own screen in place of the page's frame).
 */
function counterpart(target: Element): Element | null {
  if (target.isConnected) return target;
  // The frame beside a rendered screen has its shared ids suffixed (0934); the app's have none.
  const unframed = (id: string) => (id.endsWith(FRAME_ID_SUFFIX) ? id.slice(0, -FRAME_ID_SUFFIX.length) : id);
  const controls = target.getAttribute('aria-controls');
  if (target.id) return document.getElementById(unframed(target.id));
  return controls ? document.querySelector(`[aria-controls="${CSS.escape(unframed(controls))}"]`) : null;
}

/** Acts on the taps and submits kept before the app ran, as if they happened now. */
export function replayEarlyInput(inputs: TEarlyInput[]): void {
  for (const { target, kind } of inputs) {
    const element = counterpart(target);
    if (kind === 'click' && element instanceof HTMLElement) element.click();
    if (kind === 'submit' && element instanceof HTMLFormElement) element.requestSubmit();
  }
}

/** A box or radio button as the visitor left it before the app ran. */
export type TEarlyChoice = { input: HTMLInputElement; checked: boolean };

/**
 * The boxes ticked or cleared and the radio buttons chosen on the server's screen before the app
 * ran: what differs from the page as sent. Read before React takes the screen over.
 */
export function earlyChoicesIn(screen: Element): TEarlyChoice[] {
  return Array.from(
    screen.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]'),
    (input) => ({ input, checked: input.checked }),
  ).filter(({ input, checked }) =>
    input.type === 'radio' ? checked && !input.defaultChecked : checked !== input.defaultChecked,
  );
}

/**
 * Makes each early choice again as a tap, so the screen's own handlers hear of it. The box is set
 * the other way first: React tells a change by the state it last saw, and a render after one tap
 * may have set the next box back to the state the screen holds.
 */
export function replayEarlyChoices(choices: TEarlyChoice[]): void {
  for (const { input, checked } of choices) {
    if (!input.isConnected || input.disabled) continue;
    input.checked = !checked;
    input.click();
  }
}
