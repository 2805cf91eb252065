import lighthouse, { startFlow, type Flags, type Result } from 'lighthouse';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/*
 * Lighthouse in Debian's Chromium, driven through puppeteer-core so that a page can be measured
 * with a member's session: the session the browser keeps in local storage (01 §3) is put back
 * before any script of each document runs, after Lighthouse has cleared the origin's storage
 * for its cold load (docs/decisions/0832).
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags that work on this machine (ENVIRONMENT.md); puppeteer adds its own headless mode.
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * What a signed-in browser keeps: the login page's keys in local storage, and the cookies the page
 * keeps beside them (the session cookie the page server renders the member's screen by, 0833).
 */
export type TStoredSession = { storage: Record<string, string>; cookies: Record<string, string> };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** A browser with a fresh profile for one measurement, closed (and its profile removed) after. */
export async function withBrowser<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(path.join(tmpdir(), 'opence-lh-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROME_FLAGS,
    userDataDir: profile,
  });
  try {
    return await use(browser);
  } finally {
    await browser.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * A page of `browser` that holds `session` for the origin of `url`: its cookies, and its local
 * storage from each document's start.
 */
async function pageWith(browser: Browser, session: TStoredSession | null, url: string): Promise<Page> {
  const page = await browser.newPage();
  if (session) {
    await browser.setCookie(
      ...Object.entries(session.cookies).map(([name, value]) => ({
        name,
        value,
        domain: new URL(url).hostname,
        path: '/',
      })),
    );
    await page.evaluateOnNewDocument((entries: [string, string][]) => {
      try {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      } catch {
        // about:blank, which Lighthouse opens first, has no storage.
      }
    }, Object.entries(session.storage));
  }
  return page;
}

const TRIES = 3;

/** Lighthouse sometimes fails to record the trace on this machine (NO_NAVSTART): two more tries before giving up. */
async function retried<T>(what: string, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt === TRIES) throw error;
      console.warn(`${what} failed, trying again: ${String(error).split('\n')[0]}`);
    }
  }
}

/** A navigation's result, and its trace and DevTools log (kept when the run misses a target). */
export type TNavigation = { lhr: Result; trace: unknown };

/**
 * Lighthouse's cold load of `url` (mobile preset, simulated throttling), with `session` when
 * given; the report is written to `reportFile`.
 */
export function lighthouseNavigation(
  url: string,
  session: TStoredSession | null,
  reportFile: string,
): Promise<TNavigation> {
  return retried(`lighthouse ${url}`, () =>
    withBrowser(async (browser) => {
      const page = await pageWith(browser, session, url);
      const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
      const result = await lighthouse(url, flags, undefined, page);
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      if (result.lhr.runtimeError)
        throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
      writeFileSync(reportFile, JSON.stringify(result.lhr));
      const { Trace, DevtoolsLog } = result.artifacts;
      return { lhr: result.lhr, trace: { trace: Trace, devtoolsLog: DevtoolsLog } };
    }),
  );
}

/** One interaction of a member with a page, and how to tell it is done. */
export type TInteraction = {
  name: string;
  url: string;
  session: TStoredSession | null;
  /** Before the measured time: anything the interaction needs that is not itself measured. */
  prepare?: (page: Page) => Promise<void>;
  act: (page: Page) => Promise<void>;
};

export type TInteractionResult = {
  name: string;
  /** Interaction to Next Paint of the timespan: its slowest interaction (ms), null when none registered. */
  inpMs: number | null;
  totalBlockingTimeMs: number | null;
  /** Lighthouse's measure of the machine's speed during the run (its environment's benchmarkIndex). */
  benchmarkIndex: number | null;
};

/**
 * Interaction to Next Paint of an interaction on a page loaded as Lighthouse loads it: a flow's
 * navigation, then a timespan around the interaction with Lighthouse's mobile throttling applied
 * by the browser itself (4× CPU slowdown, the slow 4G network), which a timespan cannot simulate.
 */
export function lighthouseInteraction(
  interaction: TInteraction,
  reportFile: string,
): Promise<TInteractionResult> {
  return retried(`interaction ${interaction.name}`, () =>
    withBrowser(async (browser) => {
      const page = await pageWith(browser, interaction.session, interaction.url);
      const flow = await startFlow(page, { flags: { logLevel: 'error', onlyCategories: ['performance'] } });
      await flow.navigate(interaction.url);
      // The app runs the page (apps/web/src/main.tsx).
      await page.waitForSelector('html[data-app]', { timeout: 60_000 });
      await interaction.prepare?.(page);
      await flow.startTimespan({ name: interaction.name, throttlingMethod: 'devtools' });
      await interaction.act(page);
      // Event timing entries are reported after the next paint.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
      await flow.endTimespan();
      const result = await flow.createFlowResult();
      writeFileSync(reportFile, JSON.stringify(result));
      const timespan = result.steps.at(-1)!.lhr;
      return {
        name: interaction.name,
        inpMs: timespan.audits['interaction-to-next-paint']?.numericValue ?? null,
        totalBlockingTimeMs: timespan.audits['total-blocking-time']?.numericValue ?? null,
        benchmarkIndex: timespan.environment.benchmarkIndex ?? null,
      };
    }),
  );
}
