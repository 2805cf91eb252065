import { Texts } from '@opence/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error.tsx';

/** Issue 44: a read that failed offline says so in the product's words, and where to go. */
function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoadError', () => {
  it('online: the reason and Try again', () => {
    setOnline(true);
    render(<LoadError onRetry={() => undefined} />, { wrapper: MemoryRouter });
    expect(screen.getByText(Texts.GENERIC_ERROR)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offline: the offline message with the way to the downloads, and back when the network returns', () => {
    setOnline(false);
    render(<LoadError onRetry={() => undefined} />, { wrapper: MemoryRouter });
    expect(screen.getByText(Texts.OFFLINE_PAGE_NEEDS_INTERNET)).toBeTruthy();
    expect(screen.getByRole('link', { name: Texts.OFFLINE_SEE_DOWNLOADS }).getAttribute('href')).toBe(
      '/downloads',
    );
    act(() => setOnline(true));
    expect(screen.queryByText(Texts.OFFLINE_PAGE_NEEDS_INTERNET)).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
