import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderedAtContext, useBrowserValue, useFirstRenderTime } from './hydration.ts';

/*
 * A screen the server rendered is taken over by the browser's first render (docs/decisions 0830,
 * 0833): that render must print what the server printed, then the browser's own values follow.
 * The server's markup is put in the document as the page brings it, and React hydrates it; a
 * mismatch fails the run (React reports it as an uncaught error), a warning shows in console.error.
 */

const SERVER_CLOCK = Date.parse('2026-11-20T15:00:00Z');
const BROWSER_CLOCK = Date.parse('2026-11-20T15:00:07Z');

let reported: unknown[][];
beforeEach(() => {
  reported = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void reported.push(args));
  vi.useFakeTimers({ now: BROWSER_CLOCK, toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The server's markup of `ui` in the document, then taken over by React as main.tsx does. */
function takeOver(ui: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const first = container.textContent;
  render(ui, { container, hydrate: true });
  return first;
}

function Width() {
  const width = useBrowserValue(() => window.innerWidth, null);
  return <p>{width === null ? 'width unknown' : `${width} px wide`}</p>;
}

function Countdown() {
  const startedAt = useFirstRenderTime();
  return <p>{`started at ${new Date(startedAt).toISOString()}`}</p>;
}

describe('useBrowserValue', () => {
  it("prints the server's value where the server rendered, then the browser's, without a mismatch", () => {
    expect(renderToString(<Width />)).toContain('width unknown');
    const first = takeOver(<Width />);
    expect(first).toBe('width unknown');
    expect(screen.getByText(`${window.innerWidth} px wide`)).toBeTruthy();
    expect(reported).toEqual([]);
  });

  it("prints the browser's value at once on a screen the browser draws itself", () => {
    render(<Width />);
    expect(screen.getByText(`${window.innerWidth} px wide`)).toBeTruthy();
  });
});

describe('useFirstRenderTime', () => {
  const drawnAt = (ui: React.ReactElement) => (
    <RenderedAtContext value={SERVER_CLOCK}>{ui}</RenderedAtContext>
  );

  it("starts from the server's drawing time on the screen it drew, so the takeover matches", () => {
    const server = renderToString(drawnAt(<Countdown />));
    expect(server).toContain('started at 2026-11-20T15:00:00.000Z');
    takeOver(drawnAt(<Countdown />));
    expect(screen.getByText('started at 2026-11-20T15:00:00.000Z')).toBeTruthy();
    expect(reported).toEqual([]);
  });

  it("starts from the browser's clock on a screen the browser draws itself, or one drawn at no known time", () => {
    render(drawnAt(<Countdown />));
    expect(screen.getByText('started at 2026-11-20T15:00:07.000Z')).toBeTruthy();
    cleanup();
    takeOver(<Countdown />);
    expect(screen.getByText('started at 2026-11-20T15:00:07.000Z')).toBeTruthy();
  });
});
