import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSecretToken } from '../../src/lib/ids.ts';
import { SECRET_PATH_PREFIXES } from '../../src/lib/logger.ts';
import { buildTestApp, type TTestApp } from '../build-test-app.ts';

/*
 * Issue 37, row 8: one-time tokens in page paths (/reset/<t>, /email/confirm/<t> …) were logged
 * in clear at the default level while the same tokens in a query string were redacted. Every
 * page of the app whose path carries a token or a code is requested here with a fresh secret,
 * in the path and in the query, and no log line may hold it.
 */

const routerFile = new URL('../../../web/src/app/router.tsx', import.meta.url);
/** Path parameters that carry a secret in the app's routes. */
const SECRET_PARAMS = new Set(['s', 't', 'code', 'token']);
/** Routes whose parameter has one of those names but is public: a podcast series' slug. */
const PUBLIC_PARAMS = new Set(['/dental-podcasts']);

/** The app's routes whose path holds a secret parameter, as the prefix before it ('/reset'). */
function tokenRoutesOfTheApp(): string[] {
  const source = readFileSync(routerFile, 'utf8');
  const prefixes = new Set<string>();
  for (const [, path] of source.matchAll(/'(\/[^']*\/:[A-Za-z]+\??)'/g)) {
    const match = /^(.*)\/:([A-Za-z]+)\??$/.exec(path!);
    if (match && SECRET_PARAMS.has(match[2]!) && !PUBLIC_PARAMS.has(match[1]!)) prefixes.add(match[1]!);
  }
  return [...prefixes].sort();
}

const lines: string[] = [];
let t: TTestApp;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

describe('tokens never reach a log line, in a path as in a query string', () => {
  it('the redacted prefixes are every route of the app whose path carries a token or a code', () => {
    const routes = tokenRoutesOfTheApp();
    expect(routes.length).toBeGreaterThanOrEqual(6);
    expect([...SECRET_PATH_PREFIXES].sort()).toEqual(routes);
  });

  it.each(SECRET_PATH_PREFIXES)('%s: a token in the path or the query is logged redacted', async (prefix) => {
    const inPath = newSecretToken();
    const inQuery = newSecretToken();
    const dotted = `l1.${newSecretToken()}`;
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: `${prefix}/${inPath}?rurl=%2Fhome` });
    await t.app.inject({ method: 'GET', url: `${prefix}/${dotted}` });
    await t.app.inject({ method: 'GET', url: `${prefix}?s=${inQuery}&t=${inQuery}&code=${inQuery}` });
    const logged = lines.slice(before).join('');
    // The requests were logged (so the check can see a leak), with the path's shape kept.
    expect(logged).toContain(`${prefix}/[redacted]`);
    for (const secret of [inPath, inQuery, dotted]) expect(logged).not.toContain(secret);
  });
});
