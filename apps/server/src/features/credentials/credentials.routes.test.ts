import { readFileSync } from 'node:fs';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { independentVerifier } from '../../../test/independent-verifier.ts';
import {
  createClass,
  createCompletion,
  createMember,
  createStaff,
  createTrackerLicence,
  setCertificateProvider,
  type TTestMember,
} from '../../../test/factories.ts';

/*
 * Issue 40's proofs, checked by an independent verifier: Digital Bazaar's @digitalbazaar/vc stack
 * called here with a document loader of its own (the published did.json and status list as the
 * site serves them over HTTP, the contexts from their packages), never the server's verify code.
 * The Open Badges 3.0 JSON Schema is 1EdTech's own (fixtures/, see its provenance below).
 */

let t: TTestApp;
let member: TTestMember;
let staff: TTestMember;
const db = () => t.app.deps.database.db;

type TJson = Record<string, unknown>;

async function getJson(
  url: string,
): Promise<{ statusCode: number; body: TJson; headers: Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'GET', url });
  return { statusCode: res.statusCode, body: res.statusCode === 200 ? res.json() : {}, headers: res.headers };
}

let independentlyVerify: ReturnType<typeof independentVerifier>;

async function newCertificate() {
  const cls = await createClass(db(), { title: 'Implant maintenance', credits: 2, agd_category: 'Implants' });
  return createCompletion(db(), member.id, { class_id: cls.id }, { credits: 2, agd_code: '690' });
}

beforeAll(async () => {
  t = await buildTestApp();
  await setCertificateProvider(db());
  member = await createMember(db(), { firstname: 'Maria', lastname: 'Lopez' });
  staff = await createStaff(db());
  independentlyVerify = independentVerifier(t);
  await createTrackerLicence(db(), member.id, {
    state: 'CA',
    licence_number: 'RDH 54321',
    licence_type: 'hygienist',
  });
});
afterAll(() => t.close());

describe('a certificate’s Open Badges credential', () => {
  it('verifies with the @digitalbazaar/vc stack, and no longer once any field is changed', async () => {
    const completion = await newCertificate();
    const {
      statusCode,
      body: credential,
      headers,
    } = await getJson(`/api/credential/${completion.certificate_number}.json`);
    expect(statusCode).toBe(200);
    expect(headers['content-disposition']).toContain(`credential-${completion.certificate_number}.json`);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    const subject = credential.credentialSubject as TJson;
    expect(subject.creditsEarned).toBe(2);
    expect(JSON.stringify(subject.identifier)).toContain('Maria Lopez');
    expect(JSON.stringify(subject.identifier)).toContain('RDH 54321');
    const achievement = subject.achievement as TJson;
    expect(achievement).toMatchObject({ name: 'Implant maintenance', creditsAvailable: 2 });
    expect(String(achievement.fieldOfStudy)).toContain('690');
    expect((credential.issuer as TJson).id).toBe(
      `did:web:${encodeURIComponent(new URL(t.config.publicUrl).host)}`,
    );

    expect(await independentlyVerify(credential)).toEqual({ verified: true, revoked: false });

    // Any field changed: a claim, the subject, the issuer's name, the status place.
    const changes: ((c: TJson) => void)[] = [
      (c) => ((c.credentialSubject as TJson).creditsEarned = 20),
      (c) => (((c.credentialSubject as TJson).achievement as TJson).name = 'Another course'),
      (c) => (((c.credentialSubject as TJson).identifier as TJson[])[0]!.identityHash = 'Someone Else'),
      (c) => ((c.issuer as TJson).name = 'Another provider'),
      (c) => (c.validFrom = '2020-01-01T00:00:00Z'),
      (c) => ((c.credentialStatus as TJson).statusListIndex = '99'),
    ];
    for (const change of changes) {
      const tampered = structuredClone(credential);
      change(tampered);
      expect((await independentlyVerify(tampered)).verified).toBe(false);
    }
  });

  it('validates against 1EdTech’s Open Badges 3.0 JSON Schema', async () => {
    // 1EdTech/openbadges-specification, branch gh-pages, commit c73e9663afcdbe009a224f7be061ac895168a5b8
    // (2024-07-30), docs/schema/achievementcredential.json: the 3.0.3 schema (VC 2.0, validFrom).
    const schema = JSON.parse(
      readFileSync(new URL('./fixtures/ob-v3p0-achievementcredential.schema.json', import.meta.url), 'utf8'),
    );
    const ajv = new Ajv2019({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const completion = await newCertificate();
    const { body } = await getJson(`/api/credential/${completion.certificate_number}.json`);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // The schema is not a formality: it refuses a credential without its subject's achievement.
    const broken = structuredClone(body);
    delete (broken.credentialSubject as TJson).achievement;
    expect(validate(broken)).toBe(false);
  });

  it('is issued with the certificate: one status place each, kept on every download', async () => {
    const completion = await newCertificate();
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/certificate/${completion.certificate_number}.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    const row = await db()
      .selectFrom('open_badges')
      .selectAll()
      .where('completion_id', '=', completion.id)
      .executeTakeFirstOrThrow();
    const first = (await getJson(`/api/credential/${completion.certificate_number}.json`)).body;
    const second = (await getJson(`/api/credential/${completion.certificate_number}.json`)).body;
    expect(first.id).toBe(row.credential_id);
    expect(second.id).toBe(row.credential_id);
    expect((first.credentialStatus as TJson).statusListIndex).toBe(String(row.status_index));
  });

  it('gives concurrent first issues distinct status places', async () => {
    const completions = await Promise.all(Array.from({ length: 8 }, () => newCertificate()));
    const answers = await Promise.all(
      completions.map((c) => getJson(`/api/credential/${c.certificate_number}.json`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(completions.map(() => 200));
    const places = answers.map((a) => (a.body.credentialStatus as TJson).statusListIndex);
    expect(new Set(places).size).toBe(places.length);
  });

  it('is 404 for an unknown number, changing nothing', async () => {
    const before = await db()
      .selectFrom('open_badges')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect((await getJson('/api/credential/NOSUCHNUMBER1.json')).statusCode).toBe(404);
    expect((await getJson('/api/credential/bad.json')).statusCode).toBe(400);
    const after = await db()
      .selectFrom('open_badges')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});

describe('revocation', () => {
  it('staff revoke with a reason: the independent verifier and the verification page report it', async () => {
    const completion = await newCertificate();
    const { body: credential } = await getJson(`/api/credential/${completion.certificate_number}.json`);
    expect(await independentlyVerify(credential)).toEqual({ verified: true, revoked: false });

    const revoke = (by: TTestMember, reason: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/certificates/revoke',
        headers: { authorization: `Bearer ${by.token}` },
        payload: { certificateNumber: completion.certificate_number, reason },
      });
    expect((await revoke(staff, ' ')).statusCode).toBe(400);
    expect((await revoke(member, 'Wrong credit hours')).statusCode).toBe(403);
    expect(await independentlyVerify(credential)).toEqual({ verified: true, revoked: false });

    const revoked = await revoke(staff, 'Wrong credit hours');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ reason: 'Wrong credit hours' });
    const again = await revoke(staff, 'Another reason');
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMsg ?? again.json().msg ?? again.body).toContain(
      Texts.CREDENTIAL_ALREADY_REVOKED,
    );

    // The copy the member downloaded before still carries a sound proof; its status says revoked.
    expect(await independentlyVerify(credential)).toEqual({ verified: true, revoked: true });
    const page = await getJson(`/api/verify?n=${completion.certificate_number}`);
    expect(page.body.revocation).toMatchObject({ reason: 'Wrong credit hours' });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/verify-credential',
      payload: { credential },
    });
    expect(check.json()).toMatchObject({ verdict: 'revoked', revocationReason: 'Wrong credit hours' });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', completion.id)
      .where('action', '=', 'revoke')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('the signing key', () => {
  it('did.json publishes the key that signed, and a rotated key keeps old credentials verifiable', async () => {
    const old = await newCertificate();
    const { body: oldCredential } = await getJson(`/api/credential/${old.certificate_number}.json`);
    const signedBy = (oldCredential.proof as TJson[])[0]!.verificationMethod as string;
    const didBefore = (await getJson('/.well-known/did.json')).body;
    expect((didBefore.verificationMethod as TJson[]).map((m) => m.id)).toContain(signedBy);
    expect(didBefore.assertionMethod).toContain(signedBy);

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/credential-keys/rotate',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {},
    });
    expect(rotated.statusCode).toBe(200);
    const newKey = rotated.json().keyId as string;
    expect(newKey).not.toBe(signedBy);

    const didAfter = (await getJson('/.well-known/did.json')).body;
    expect((didAfter.verificationMethod as TJson[]).map((m) => m.id)).toEqual(
      expect.arrayContaining([signedBy, newKey]),
    );
    // The credential signed by the retired key still verifies; a new one is signed by the new key.
    expect(await independentlyVerify(oldCredential)).toEqual({ verified: true, revoked: false });
    const { body: fresh } = await getJson(
      `/api/credential/${(await newCertificate()).certificate_number}.json`,
    );
    expect((fresh.proof as TJson[])[0]!.verificationMethod).toBe(newKey);
    expect(await independentlyVerify(fresh)).toEqual({ verified: true, revoked: false });
  });

  it('keeps the secret half out of the database in the clear', async () => {
    const keys = await db().selectFrom('credential_keys').selectAll().execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.secret_key_sealed).not.toMatch(/^z[1-9A-HJ-NP-Za-km-z]{40,}$/);
    const did = JSON.stringify((await getJson('/.well-known/did.json')).body);
    expect(did).not.toContain('secretKey');
  });
});

describe('the verify page’s check of a file', () => {
  it('says valid, tampered, or unknown for another issuer’s', async () => {
    const completion = await newCertificate();
    const { body: credential } = await getJson(`/api/credential/${completion.certificate_number}.json`);
    const check = (c: TJson) =>
      t.app.inject({ method: 'POST', url: '/api/verify-credential', payload: { credential: c } });
    expect((await check(credential)).json()).toMatchObject({
      verdict: 'valid',
      holderName: 'Maria Lopez',
      courseTitle: 'Implant maintenance',
      credits: 2,
    });
    const tampered = structuredClone(credential);
    (tampered.credentialSubject as TJson).creditsEarned = 9;
    expect((await check(tampered)).json()).toMatchObject({ verdict: 'tampered', credits: 9 });
    const foreign = structuredClone(credential);
    (foreign.issuer as TJson).id = 'did:web:elsewhere.example';
    expect((await check(foreign)).json()).toMatchObject({ verdict: 'unknown' });
    const strangeContext = structuredClone(credential);
    (strangeContext['@context'] as string[]).push('https://attacker.example/context.json');
    expect((await check(strangeContext)).json()).toMatchObject({ verdict: 'tampered' });
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/verify-credential',
      payload: { credential: { padding: 'x'.repeat(70_000) } },
    });
    expect(tooLarge.statusCode).toBe(413);
  });
});
