import { Texts } from '@opence/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createCompletion,
  createMember,
  createStaff,
  setCertificateProvider,
} from '../../../test/factories.ts';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { newId } from '../../lib/ids.ts';

describe('provider settings a board would question (decision 1004)', () => {
  /** A fresh site, its settings as the install leaves them, and a member with a completion. */
  async function siteWith(settings: Record<string, string> | 'install defaults') {
    const site = await buildTestApp();
    const sdb = site.app.deps.database.db;
    if (settings === 'install defaults') await seedReferenceData(sdb);
    else await setCertificateProvider(sdb, settings);
    const member = await createMember(sdb);
    const cls = await createClass(sdb, { title: 'Refused Course' });
    const completion = await createCompletion(
      sdb,
      member.id,
      { class_id: cls.id },
      { certificate_number: `REFU-SED0-${newId().slice(-4).toUpperCase()}-0001` },
    );
    return { site, sdb, member, cls, completion };
  }

  const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  it.each([
    ['the install’s placeholders (000000, “Replace this text…”)', 'install defaults' as const],
    ['an approval period that has ended', { agdApprovalEnd: yesterday() }],
    ['no provider ID', { agdPaceProviderId: '' }],
  ])(
    'refuses the certificate with %s: the member is told, nothing is counted or mailed',
    async (_, settings) => {
      const { site, sdb, member, cls, completion } = await siteWith(settings);
      try {
        const inject = site.app.inject.bind(site.app);
        const modal = await inject({ url: `/api/certificate?c=${cls.hash}&s=${member.token}` });
        expect(modal.statusCode).toBe(409);
        expect(modal.json()).toMatchObject({ status: false, errorMsg: Texts.CERT_PROVIDER_NOT_READY });
        const pdf = await inject({ url: `/api/certificate/${completion.certificate_number}.pdf` });
        expect(pdf.statusCode).toBe(409);
        expect(pdf.headers['content-type']).toContain('application/json');
        const mail = await inject({
          method: 'POST',
          url: '/api/send-cert',
          payload: { s: member.token, c: cls.hash },
        });
        expect(mail.statusCode).toBe(409);
        expect(mail.json().errorMsg).toBe(Texts.CERT_PROVIDER_NOT_READY);
        const outbox = await sdb
          .selectFrom('mail_outbox')
          .select('id')
          .where('kind', '=', 'certificate')
          .execute();
        expect(outbox).toEqual([]);
        const row = await sdb
          .selectFrom('completions')
          .select('certificate_issues')
          .where('id', '=', completion.id)
          .executeTakeFirstOrThrow();
        expect(row.certificate_issues).toBe(0);
        // The credit itself stays, and a certificate issued before stays verifiable.
        expect((await inject({ url: `/api/verify?n=${completion.certificate_number}` })).statusCode).toBe(
          200,
        );
      } finally {
        await site.close();
      }
    },
  );

  it('stops staff at the settings with a clear message, and issues once they are fixed', async () => {
    const { site, member, cls } = await siteWith('install defaults');
    try {
      const staff = await createStaff(site.app.deps.database.db);
      const call = (method: 'GET' | 'PUT', payload?: object) =>
        site.app.inject({
          method,
          url: '/api/admin/settings',
          headers: { authorization: `Bearer ${staff.token}` },
          ...(payload ? { payload } : {}),
        });
      const current = (await call('GET')).json().data as Record<string, unknown>;
      // Each save names the first field a board would question, until none is left.
      const steps: [Record<string, unknown>, string, string][] = [
        [{}, 'providerContact', Texts.CERT_SETTING_PLACEHOLDER],
        [
          { providerContact: '12 Harbor Street, Boston MA 02110' },
          'agdPaceProviderId',
          Texts.CERT_SETTING_PROVIDER_ID,
        ],
        [{ agdPaceProviderId: '219876' }, 'agdApprovalEnd', Texts.CERT_SETTING_APPROVAL_EXPIRED],
        [
          { agdApprovalStart: '2024-11-01', agdApprovalEnd: '2099-10-31' },
          'agdApprovalStatement',
          Texts.CERT_SETTING_PLACEHOLDER,
        ],
        // The signature line (decision 1043): the install's template texts, then a picture from elsewhere.
        [
          { agdApprovalStatement: 'Harbor Dental Education is nationally approved for FAGD/MAGD credit.' },
          'signatoryName',
          Texts.CERT_SETTING_PLACEHOLDER,
        ],
        [{ signatoryName: '' }, 'signatoryName', Texts.CERT_SETTING_SIGNATORY],
        [{ signatoryName: 'Dr. Ana Ruiz' }, 'signatoryTitle', Texts.CERT_SETTING_PLACEHOLDER],
        [
          { signatoryTitle: 'Director of CE', signatureImage: 'https://images.example/signature.png' },
          'signatureImage',
          Texts.CERT_SIGNATURE_NOT_UPLOADED,
        ],
      ];
      let values = { ...current };
      for (const [change, field, msg] of steps) {
        values = { ...values, ...change };
        const refused = await call('PUT', values);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().field).toBe(field);
        expect(refused.json().fields[field]).toBe(msg);
      }
      // Still refused to the member meanwhile.
      expect(
        (await site.app.inject({ url: `/api/certificate?c=${cls.hash}&s=${member.token}` })).statusCode,
      ).toBe(409);

      const good = await call('PUT', {
        ...current,
        agdPaceProviderId: '219876',
        agdApprovalStart: '2024-11-01',
        agdApprovalEnd: '2099-10-31',
        providerContact: '12 Harbor Street, Boston MA 02110',
        agdApprovalStatement: 'Harbor Dental Education is nationally approved for FAGD/MAGD credit.',
        adaCerpStatement: '',
        ukCpdStatement: '',
        signatoryName: 'Dr. Ana Ruiz',
        signatoryTitle: 'Director of CE',
        signatureImage: '',
      });
      expect(good.statusCode, good.body).toBe(200);
      const modal = await site.app.inject({ url: `/api/certificate?c=${cls.hash}&s=${member.token}` });
      expect(modal.statusCode, modal.body).toBe(200);
      expect(modal.json().certificate.accreditationStatement).toContain('Harbor Dental Education');
    } finally {
      await site.close();
    }
  });
});
