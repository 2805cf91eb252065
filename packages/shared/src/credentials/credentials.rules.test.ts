import { describe, expect, it } from 'vitest';
import {
  credentialJsonPath,
  credentialVerdict,
  linkedInCertificationUrl,
  type TCredentialVerdict,
} from './credentials.rules.ts';

describe('credential rules', () => {
  it('puts the credential behind the certificate number', () =>
    expect(credentialJsonPath('7KQ2-M9XD')).toBe('/api/credential/7KQ2-M9XD.json'));

  it('fills in LinkedIn’s add-certification link', () => {
    const url = linkedInCertificationUrl({
      name: 'Implants & you',
      organizationName: 'OpenCE Provider',
      issuedOn: '2026-03-09',
      certId: '7KQ2-M9XD',
      certUrl: 'https://ce.example.org/verify/7KQ2-M9XD',
    });
    expect(url).toBe(
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=Implants%20%26%20you' +
        '&organizationName=OpenCE%20Provider&issueYear=2026&issueMonth=3&certId=7KQ2-M9XD' +
        '&certUrl=https%3A%2F%2Fce.example.org%2Fverify%2F7KQ2-M9XD',
    );
  });

  it.each<[string, { isOurs: boolean; isSigned: boolean; isRevoked: boolean | null }, TCredentialVerdict]>([
    ['ours, signed, not revoked', { isOurs: true, isSigned: true, isRevoked: false }, 'valid'],
    ['ours, signed, no status', { isOurs: true, isSigned: true, isRevoked: null }, 'valid'],
    ['ours, changed', { isOurs: true, isSigned: false, isRevoked: false }, 'tampered'],
    ['ours, changed and revoked', { isOurs: true, isSigned: false, isRevoked: true }, 'tampered'],
    ['ours, revoked', { isOurs: true, isSigned: true, isRevoked: true }, 'revoked'],
    ['another issuer', { isOurs: false, isSigned: false, isRevoked: null }, 'unknown'],
  ])('%s is %s', (_name, check, verdict) => expect(credentialVerdict(check)).toBe(verdict));
});
