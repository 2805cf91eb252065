import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import * as statusList from '@digitalbazaar/vc-bitstring-status-list';
import { MULTIKEY_CONTEXT, type TDocumentLoader } from './contexts.ts';

/*
 * Verifiable credentials signed with Data Integrity eddsa-rdfc-2022 through Digital Bazaar's
 * @digitalbazaar/vc (issue 40). Knows no table: keys come in as multibase strings.
 */

/** did:web of the site's host (a port written %3A, as did:web asks). */
export function didWebOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  const path = url.pathname.replace(/\/$/, '').split('/').filter(Boolean);
  return ['did:web', encodeURIComponent(url.host), ...path].join(':');
}

export type TPublicKey = { id: string; controller: string; publicKeyMultibase: string };
export type TSigningKey = TPublicKey & { secretKeyMultibase: string };

export async function generateSigningKey(did: string, fragment: string): Promise<TSigningKey> {
  const pair = await Ed25519Multikey.generate({ id: `${did}#${fragment}`, controller: did });
  const exported = await pair.export({ publicKey: true, secretKey: true });
  return {
    id: `${did}#${fragment}`,
    controller: did,
    publicKeyMultibase: exported.publicKeyMultibase!,
    secretKeyMultibase: exported.secretKeyMultibase!,
  };
}

/** A verification method as did.json lists it and as the verifier loads it by its id. */
export function verificationMethod(key: TPublicKey): Record<string, string> {
  return {
    id: key.id,
    type: 'Multikey',
    controller: key.controller,
    publicKeyMultibase: key.publicKeyMultibase,
  };
}

/** The method with its context, as the document loader answers for `did:web:…#key-n`. */
export function loadableMethod(key: TPublicKey): Record<string, string> {
  return { '@context': MULTIKEY_CONTEXT, ...verificationMethod(key) };
}

export async function signCredential(
  credential: object,
  key: TSigningKey,
  documentLoader: TDocumentLoader,
  now: Date,
): Promise<Record<string, unknown>> {
  const pair = await Ed25519Multikey.from({
    '@context': MULTIKEY_CONTEXT,
    type: 'Multikey',
    id: key.id,
    controller: key.controller,
    publicKeyMultibase: key.publicKeyMultibase,
    secretKeyMultibase: key.secretKeyMultibase,
  });
  const suite = new DataIntegrityProof({ signer: pair.signer(), cryptosuite, date: now });
  const signed = await vc.issue({ credential, suite, documentLoader, now });
  // A proof set of one: Open Badges 3.0's JSON Schema asks for an array.
  return Object.assign(signed, { proof: [signed.proof] });
}

export type TVerification = {
  /** The proof holds: nothing was changed since the issuer signed it. */
  isSigned: boolean;
  /** The status list says revoked; null when the credential names no status. */
  isRevoked: boolean | null;
};

/** Checks the proof and, where the credential names one, its status entry. */
export async function verifyCredential(
  credential: object,
  documentLoader: TDocumentLoader,
): Promise<TVerification> {
  const suite = new DataIntegrityProof({ cryptosuite });
  const hasStatus = 'credentialStatus' in credential;
  const result = await vc.verifyCredential({
    credential,
    suite,
    documentLoader,
    ...(hasStatus ? { checkStatus: statusList.checkStatus } : {}),
  });
  const statuses = result.statusResult?.results ?? [];
  return {
    // A revoked credential still carries a sound proof: vc reports verified for it.
    isSigned: result.verified,
    isRevoked: hasStatus ? statuses.some((s) => s.status) : null,
  };
}

/** The revocation list credential (Bitstring Status List 1.0), unsigned, with these bits set. */
export async function statusListCredential(
  id: string,
  length: number,
  revoked: readonly number[],
): Promise<Record<string, unknown>> {
  const list = await statusList.createList({ length });
  for (const index of revoked) list.setStatus(index, true);
  return statusList.createCredential({ id, list, statusPurpose: 'revocation' });
}
