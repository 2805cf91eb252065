import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { credentialVerdict, Texts } from '@opence/shared';
import type { TRevokeCertificateResponse, TVerifyCredentialResponse } from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { recordAudit } from '../../domain/audit.ts';
import type { TCredentialFacts } from '../../domain/credential-facts.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { ApiError } from '../../lib/api-errors.ts';
import {
  bundledDocumentLoader,
  DID_CONTEXT,
  DocumentRefused,
  MULTIKEY_CONTEXT,
  VC_V2_CONTEXT,
  type TDocumentLoader,
} from '../../lib/credentials/contexts.ts';
import {
  didWebOf,
  generateSigningKey,
  loadableMethod,
  signCredential,
  statusListCredential,
  verifyCredential,
  type TPublicKey,
  type TSigningKey,
} from '../../lib/credentials/data-integrity.ts';
import { loadKeySecret, seal, unseal, type TKeySecretSource } from '../../lib/credentials/sealed-secret.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { presentDidDocument, presentOpenBadge, type TIssuer } from './credentials.presenter.ts';
import {
  insertBadge,
  insertKey,
  retireKeys,
  revokeBadge,
  selectBadge,
  selectBadgeByCredentialId,
  selectKeys,
  selectRevokedIndexes,
  type TBadgeRow,
  type TKeyRow,
} from './credentials.repo.ts';

/** 131,072 entries (16 KB): the spec's minimum, so one entry says nothing of who holds it. */
export const STATUS_LIST_LENGTH = 131_072;
const STATUS_LIST_NUMBER = '1';

export type TCredentialsDeps = {
  db: Kysely<DB>;
  publicUrl: string;
  keySecret: TKeySecretSource;
  /** The certificate's facts by its number (certificates feature, through app.ts); 404 when none. */
  certificateFacts: (certificateNumber: string) => Promise<TCredentialFacts>;
  now?: () => Date;
};

/**
 * Open Badges 3.0 credentials (issue 40): a certificate's credential issued once (its row: id,
 * status place, issue time) and signed when it is downloaded with the provider's current key; the
 * did:web document; the revocation list; revocation by staff; key rotation; checking a file.
 */
export function createCredentialsService(deps: TCredentialsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const did = didWebOf(deps.publicUrl);
  const issuer: TIssuer = {
    did,
    publicUrl: deps.publicUrl,
    statusListUrl: `${deps.publicUrl}/api/credential-status/${STATUS_LIST_NUMBER}`,
  };
  let sealingKey: Buffer | null = null;
  const sealing = () => (sealingKey ??= loadKeySecret(deps.keySecret));

  const publicKeyOf = (row: TKeyRow): TPublicKey => ({
    id: `${did}#${row.fragment}`,
    controller: did,
    publicKeyMultibase: row.public_key_multibase,
  });

  async function newKeyRow(fragment: string): Promise<TKeyRow> {
    const key = await generateSigningKey(did, fragment);
    return {
      id: newId(),
      fragment,
      public_key_multibase: key.publicKeyMultibase,
      secret_key_sealed: seal(sealing(), key.secretKeyMultibase),
      created_at: nowIso(now()),
      retired_at: null,
    };
  }

  /** Every key; the install's first is made on first use. */
  async function keys(): Promise<TKeyRow[]> {
    const rows = await selectKeys(db);
    if (rows.length > 0) return rows;
    await insertKey(db, await newKeyRow('key-1'));
    return selectKeys(db);
  }

  async function signingKey(): Promise<TSigningKey> {
    const rows = await keys();
    const active = rows.filter((r) => r.retired_at === null).at(-1) ?? rows.at(-1)!;
    return Object.assign(publicKeyOf(active), {
      secretKeyMultibase: unseal(sealing(), active.secret_key_sealed),
    });
  }

  async function didDocument(): Promise<Record<string, unknown>> {
    return presentDidDocument(did, (await keys()).map(publicKeyOf), [DID_CONTEXT, MULTIKEY_CONTEXT]);
  }

  /** The revocation list, signed; made again only when a revocation or a new key changed it. */
  let statusCache: { revision: string; credential: Record<string, unknown> } | null = null;
  async function statusList(): Promise<Record<string, unknown>> {
    const [revoked, key] = await Promise.all([selectRevokedIndexes(db), signingKey()]);
    const revision = `${key.id}|${revoked.sort((a, b) => a - b).join(',')}`;
    if (statusCache?.revision === revision) return statusCache.credential;
    const unsigned = await statusListCredential(issuer.statusListUrl, STATUS_LIST_LENGTH, revoked);
    const credential = await signCredential(
      Object.assign(unsigned, { issuer: did, validFrom: nowIso(now()).replace(/\.\d+Z$/, 'Z') }),
      key,
      loader,
      now(),
    );
    statusCache = { revision, credential };
    return credential;
  }

  /** Bundled contexts, our did.json and its keys, our status list: nothing else, never the network. */
  const loader: TDocumentLoader = bundledDocumentLoader(async (url) => {
    if (url === did) return didDocument();
    if (url.startsWith(`${did}#`)) {
      const row = (await keys()).find((k) => publicKeyOf(k).id === url);
      return row ? loadableMethod(publicKeyOf(row)) : null;
    }
    if (url === issuer.statusListUrl) return statusList();
    return null;
  });

  /** The certificate's credential row: made once, the first time the certificate is. */
  async function issue(completionId: string): Promise<TBadgeRow> {
    const existing = await selectBadge(db, completionId);
    if (existing) return existing;
    await insertBadge(db, {
      completionId,
      credentialId: `urn:uuid:${randomUUID()}`,
      issuedAt: nowIso(now()),
    });
    return (await selectBadge(db, completionId))!;
  }

  /** The claims a file makes, read defensively: it may be anything. */
  function claimsOf(credential: Record<string, unknown>) {
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const subject = (credential.credentialSubject ?? {}) as Record<string, unknown>;
    const achievement = (subject.achievement ?? {}) as Record<string, unknown>;
    const identifiers = Array.isArray(subject.identifier) ? (subject.identifier as unknown[]) : [];
    const name = identifiers.find(
      (i): i is Record<string, unknown> =>
        typeof i === 'object' && i !== null && (i as Record<string, unknown>).identityType === 'name',
    );
    const issuerValue = credential.issuer;
    const issuerObject =
      typeof issuerValue === 'object' && issuerValue ? (issuerValue as Record<string, unknown>) : {};
    return {
      issuerId: text(issuerValue) ?? text(issuerObject.id),
      holderName: text(name?.identityHash),
      courseTitle: text(achievement.name) ?? text(credential.name),
      credits: typeof subject.creditsEarned === 'number' ? subject.creditsEarned : null,
      issuerName: text(issuerObject.name),
      issuedOn: text(credential.validFrom)?.slice(0, 10) ?? null,
    };
  }

  return {
    did,
    issue,
    didDocument,
    statusList,

    /** GET /api/credential/{number}.json: the certificate's credential, signed now with the current key. */
    async credential(certificateNumber: string): Promise<Record<string, unknown>> {
      const facts = await deps.certificateFacts(certificateNumber);
      const badge = await issue(facts.completionId);
      return signCredential(presentOpenBadge(facts, badge, issuer), await signingKey(), loader, now());
    },

    /**
     * Any credential of ours signed by the provider: issuer, id and validFrom set here (the CE
     * tracker's transcript per renewal cycle, docs/decisions/1134).
     */
    async signDocument(unsigned: Record<string, unknown>): Promise<Record<string, unknown>> {
      const credential = Object.assign(
        { '@context': [VC_V2_CONTEXT], id: `urn:uuid:${randomUUID()}` },
        unsigned,
        { issuer: did, validFrom: nowIso(now()).replace(/\.\d+Z$/, 'Z') },
      );
      return signCredential(credential, await signingKey(), loader, now());
    },

    /** A revoked certificate's date and reason, for the public verification page. */
    async revocation(completionId: string): Promise<{ revokedOn: string; reason: string } | null> {
      const badge = await selectBadge(db, completionId);
      if (!badge?.revoked_at) return null;
      return { revokedOn: badge.revoked_at.slice(0, 10), reason: badge.revoked_reason ?? '' };
    },

    /**
     * POST /api/verify-credential: checks a credential file with the bundled contexts only. A file
     * of another issuer is 'unknown' (its keys would have to be fetched); a changed one 'tampered'.
     */
    async verify(credential: Record<string, unknown>): Promise<Omit<TVerifyCredentialResponse, 'status'>> {
      const claims = claimsOf(credential);
      const isOurs = claims.issuerId === did;
      let check = { isSigned: false, isRevoked: null as boolean | null };
      if (isOurs) {
        try {
          check = await verifyCredential(credential, loader);
        } catch (error) {
          // A file that names a context or key we do not hold cannot be proved: it is not ours as sent.
          if (!(error instanceof DocumentRefused)) throw error;
        }
      }
      const verdict = credentialVerdict({ isOurs, ...check });
      const badge =
        isOurs && typeof credential.id === 'string'
          ? await selectBadgeByCredentialId(db, credential.id)
          : undefined;
      return {
        verdict,
        holderName: claims.holderName,
        courseTitle: claims.courseTitle,
        credits: claims.credits,
        issuerName: claims.issuerName,
        issuedOn: claims.issuedOn,
        certificateNumber: null,
        revocationReason: verdict === 'revoked' ? (badge?.revoked_reason ?? null) : null,
      };
    },

    /**
     * Staff revoke a certificate (wrong credit, fraud): its credential's bit is set in the status
     * list, the verification page says so; audited with the reason. Revoking twice keeps the first.
     */
    async revoke(
      staff: TSessionMember,
      certificateNumber: string,
      reason: string,
    ): Promise<Omit<TRevokeCertificateResponse, 'status'>> {
      const facts = await deps.certificateFacts(certificateNumber);
      await issue(facts.completionId);
      const at = nowIso(now());
      await db.transaction().execute(async (trx) => {
        const isRevoked = await revokeBadge(trx, facts.completionId, { at, reason, by: staff.id });
        if (!isRevoked) throw new ApiError(409, Texts.CREDENTIAL_ALREADY_REVOKED);
        await recordAudit(
          trx,
          {
            actorId: staff.id,
            action: 'revoke',
            entity: 'certificate',
            entityId: facts.completionId,
            detail: { certificateNumber: facts.certificateNumber, reason },
          },
          now(),
        );
      });
      return { certificateNumber: facts.certificateNumber, revokedAt: at, reason };
    },

    /**
     * A new signing key; the old ones are retired but stay in did.json, so every credential they
     * signed still verifies. Staff in the console (audited) or the command line (no actor).
     */
    async rotateKey(staff: TSessionMember | null): Promise<{ keyId: string; publishedKeys: number }> {
      const rows = await keys();
      const next = Math.max(...rows.map((r) => Number(r.fragment.replace(/^key-/, '')) || 0)) + 1;
      const row = await newKeyRow(`key-${next}`);
      await db.transaction().execute(async (trx) => {
        await retireKeys(trx, row.created_at);
        await insertKey(trx, row);
        await recordAudit(
          trx,
          { actorId: staff?.id ?? null, action: 'rotate', entity: 'credential_key', entityId: row.id },
          now(),
        );
      });
      return { keyId: publicKeyOf(row).id, publishedKeys: rows.length + 1 };
    },
  };
}

export type TCredentialsService = ReturnType<typeof createCredentialsService>;
