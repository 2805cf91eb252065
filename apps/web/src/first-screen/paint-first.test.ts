import { ScreenAttribute, SESSION_ATTRIBUTE } from '@opence/shared';
import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_FILES_ELEMENT_ID, type TAppFiles } from './app-files.ts';

/*
 * The paint-first loader (docs/decisions 0834, 0841) starts the app's files it is given as data in
 * the page: at once on a page without a rendered screen, and on a rendered one only once the
 * screen is on screen or the visitor acts (a tap, a key, a scroll). Each case loads the loader
 * afresh on its own page, as a page load does.
 */

const FILES: TAppFiles = { entry: '/assets/index-abc.js', preloads: ['/assets/shell-def.js'] };

async function loadPage(screen: string): Promise<void> {
  document.head.innerHTML = '';
  document.body.innerHTML =
    `<div id="root">${screen}</div>` +
    `<script type="application/json" id="${APP_FILES_ELEMENT_ID}">${JSON.stringify(FILES)}</script>`;
  vi.resetModules();
  await import('./paint-first.ts');
}

/** The app's files the loader has put in the page, with their fetch priority. */
const started = () =>
  Array.from(
    document.head.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link, script'),
    (element) => ({
      tag: element.tagName.toLowerCase(),
      address:
        element instanceof HTMLLinkElement
          ? `${element.rel} ${element.href}`
          : `${element.type} ${element.src}`,
      // jsdom keeps the property without reflecting it; a browser reflects it.
      priority: element.fetchPriority || null,
    }),
  );

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute(SESSION_ATTRIBUTE);
});

describe('the paint-first loader', () => {
  it('starts the entry and its preloads at once where the page has no rendered screen', async () => {
    await loadPage('<main>the frame</main>');
    expect(started()).toEqual([
      { tag: 'link', address: 'modulepreload http://localhost:3000/assets/shell-def.js', priority: null },
      { tag: 'script', address: 'module http://localhost:3000/assets/index-abc.js', priority: null },
    ]);
  });

  it('waits on a rendered screen until the visitor acts, then starts them at low priority', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    await loadPage(
      `<div ${ScreenAttribute.VISITOR} ${ScreenAttribute.RENDERED}><main>the route</main></div>`,
    );
    expect(started()).toEqual([]);
    fireEvent.pointerDown(window);
    expect(started()).toEqual([
      { tag: 'link', address: 'modulepreload http://localhost:3000/assets/shell-def.js', priority: 'low' },
      { tag: 'script', address: 'module http://localhost:3000/assets/index-abc.js', priority: 'low' },
    ]);
  });

  describe('the frame sent inert beside a rendered screen (1127)', () => {
    const visitorScreen = `<div ${ScreenAttribute.VISITOR} ${ScreenAttribute.RENDERED}><main>the route</main></div>`;
    const keptFrame = `<template ${ScreenAttribute.SESSION}><header><button id="menu">Menu</button></header></template>`;

    it('stays a template where the rendered screen is the one shown', async () => {
      await loadPage(visitorScreen + keptFrame);
      expect(document.querySelector(`template[${ScreenAttribute.SESSION}]`)).not.toBeNull();
      expect(document.getElementById('menu')).toBeNull();
    });

    it('goes in the page, in its slot, where it is the screen shown', async () => {
      document.documentElement.setAttribute(SESSION_ATTRIBUTE, '');
      await loadPage(visitorScreen + keptFrame);
      expect(document.querySelector('template')).toBeNull();
      const shown = document.querySelector(`div[${ScreenAttribute.SESSION}]`);
      expect(shown?.querySelector('#menu')?.textContent).toBe('Menu');
      // The rendered screen stays, hidden by the style sheet, for the app to replace.
      expect(document.querySelector(`[${ScreenAttribute.VISITOR}] main`)?.textContent).toBe('the route');
    });
  });
});
