import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClass, createCompletion, createMember } from '../../../test/factories.ts';
import { independentVerifier } from '../../../test/independent-verifier.ts';
import {
  bob,
  call,
  certificateBody,
  db,
  licenceBody,
  PDF,
  PNG,
  siteToday,
  t,
  today,
  upload,
  useTrackerApp,
  yearsFrom,
} from './tracker.fixtures.ts';

/* The CE tracker's audit pack on a real database: the ZIP with the transcript and every certificate. */

useTrackerApp();

describe('the audit pack as a ZIP', () => {
  it('holds the transcript and every certificate of the period: the site’s PDFs and the uploaded files', async () => {
    const dave = await createMember(db());
    const { id } = (await call(dave, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    const course = await createClass(db(), { title: 'Radiography refresher', credits: 2 });
    const completion = await createCompletion(db(), dave.id, { class_id: course.id }, { credits: 2 });
    const inPeriod = (await call(dave, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    expect((await upload(dave, inPeriod.id, 'scan.png', PNG)).statusCode).toBe(200);
    const withPdf = (
      await call(dave, 'POST', '/api/tracker/certificates', { ...certificateBody, title: 'Ethics: a/b?' })
    ).json().certificate;
    expect((await upload(dave, withPdf.id, 'ethics.pdf', PDF)).statusCode).toBe(200);
    const old = (
      await call(dave, 'POST', '/api/tracker/certificates', {
        ...certificateBody,
        title: 'Old course',
        completedOn: yearsFrom(-400),
      })
    ).json().certificate;
    expect((await upload(dave, old.id, 'old.pdf', PDF)).statusCode).toBe(200);

    const res = await call(dave, 'GET', `/api/tracker/audit-pack-zip?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const base = `ce-audit-CA-${licenceBody.periodEnd}`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${base}.zip"`);

    const dir = mkdtempSync(path.join(tmpdir(), 'audit-zip-'));
    try {
      const zip = path.join(dir, 'pack.zip');
      writeFileSync(zip, res.rawPayload);
      execFileSync('unzip', ['-tq', zip]);
      const names = execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n').sort();
      expect(names).toEqual(
        [
          `${base}.pdf`,
          `${base}.credential.json`,
          `opence/${siteToday} Radiography refresher.pdf`,
          `uploaded/${today} Ethics a b.pdf`,
          `uploaded/${today} Infection Control Update.png`,
        ].sort(),
      );
      const read = (name: string) => execFileSync('unzip', ['-p', zip, name]);
      expect(read(`uploaded/${today} Infection Control Update.png`).equals(PNG)).toBe(true);
      expect(read(`uploaded/${today} Ethics a b.pdf`).equals(PDF)).toBe(true);
      const pdfText = (name: string) => {
        writeFileSync(path.join(dir, 'x.pdf'), read(name));
        return execFileSync('pdftotext', ['-layout', path.join(dir, 'x.pdf'), '-']).toString();
      };
      const transcript = pdfText(`${base}.pdf`);
      expect(transcript).toContain('CE audit transcript');
      expect(transcript).toContain('Radiography refresher');
      expect(transcript).toMatch(/Total hours: 6 h of 50 h/);
      // The transcript as a credential signed by the provider (issue 40, decision 1134): every
      // credit of the period, the uploaded ones marked self-reported; any change breaks it.
      const credential = JSON.parse(read(`${base}.credential.json`).toString());
      const credits = credential.credentialSubject.credits as { title: string; isSelfReported: boolean }[];
      expect(credits.map((c) => [c.title, c.isSelfReported]).sort()).toEqual(
        [
          ['Radiography refresher', false],
          ['Infection Control Update', true],
          ['Ethics: a/b?', true],
        ].sort(),
      );
      expect(credential.credentialSubject.licence).toMatchObject({
        state: 'CA',
        periodEnd: licenceBody.periodEnd,
      });
      const verify = independentVerifier(t);
      expect(await verify(credential)).toEqual({ verified: true, revoked: false });
      credential.credentialSubject.credits[0].hours += 5;
      expect((await verify(credential)).verified).toBe(false);
      const certificate = pdfText(`opence/${siteToday} Radiography refresher.pdf`);
      expect(certificate).toContain('Radiography refresher');
      expect(certificate).toContain(completion.certificate_number);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await call(bob, 'GET', `/api/tracker/audit-pack-zip?id=${id}`)).statusCode).toBe(404);
  });
});
