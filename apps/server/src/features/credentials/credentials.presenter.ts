import type { TCredentialFacts } from '../../domain/credential-facts.ts';
import { OPEN_BADGES_CONTEXT, VC_V2_CONTEXT } from '../../lib/credentials/contexts.ts';
import { verificationMethod, type TPublicKey } from '../../lib/credentials/data-integrity.ts';
import type { TBadgeRow } from './credentials.repo.ts';

/*
 * The shapes of issue 40: a certificate as an Open Badges 3.0 OpenBadgeCredential (VC 2.0), the
 * site's did:web document and its status entries (docs/decisions/1130).
 */

export type TIssuer = { did: string; publicUrl: string; statusListUrl: string };

const seconds = (iso: string) => iso.replace(/\.\d+Z$/, 'Z');

/**
 * The unsigned credential. Achievement: the course, its AGD subject code (fieldOfStudy), how it
 * was delivered (criteria), credits available; subject: the member's name and the licences the
 * certificate names (identifiers), credits earned, the day; issuer: the provider under the site's did:web.
 */
export function presentOpenBadge(
  facts: TCredentialFacts,
  badge: TBadgeRow,
  issuer: TIssuer,
): Record<string, unknown> {
  const profile = { id: issuer.did, type: ['Profile'], name: facts.providerName, url: issuer.publicUrl };
  const delivery = [facts.method, facts.format, facts.location].filter(Boolean).join(' · ');
  return {
    '@context': [VC_V2_CONTEXT, OPEN_BADGES_CONTEXT],
    id: badge.credential_id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: facts.courseTitle,
    description: `Verification of Participation ${facts.certificateNumber}: ${facts.credits} CE credit hours (${facts.creditType}).`,
    issuer: profile,
    validFrom: seconds(badge.issued_at),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.memberName },
        ...facts.licences.map((licence) => ({
          type: 'IdentityObject',
          identityType: 'ext:DentalLicence',
          hashed: false,
          identityHash: licence,
        })),
      ],
      creditsEarned: facts.credits,
      activityEndDate: seconds(facts.completedAt),
      achievement: {
        id: `urn:uuid:${facts.courseId}`,
        type: ['Achievement'],
        achievementType: 'Course',
        name: facts.courseTitle,
        description: facts.description || facts.courseTitle,
        criteria: { narrative: `Completed as ${delivery}, for ${facts.creditType} credit.` },
        creditsAvailable: facts.credits,
        tag: [facts.method, facts.format].filter(Boolean),
        creator: profile,
        ...(facts.courseNumber ? { humanCode: facts.courseNumber } : {}),
        ...(facts.subjectCode ? { fieldOfStudy: `AGD subject code ${facts.subjectCode}` } : {}),
      },
    },
    evidence: [{ id: facts.verificationUrl, type: ['Evidence'], name: 'Certificate verification page' }],
    credentialStatus: {
      id: `${issuer.statusListUrl}#${badge.status_index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(badge.status_index),
      statusListCredential: issuer.statusListUrl,
    },
  };
}

/** did.json: every key the site signed with, retired ones too, so old credentials still verify. */
export function presentDidDocument(
  did: string,
  keys: readonly TPublicKey[],
  contexts: readonly string[],
): Record<string, unknown> {
  const ids = keys.map((k) => k.id);
  return {
    '@context': contexts,
    id: did,
    verificationMethod: keys.map(verificationMethod),
    assertionMethod: ids,
  };
}
