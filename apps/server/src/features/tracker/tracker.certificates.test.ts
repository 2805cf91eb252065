import { describe, expect, it } from 'vitest';
import { TrackerTexts } from '@opence/shared';
import { createMember, createStaff } from '../../../test/factories.ts';
import {
  alice,
  bob,
  call,
  certificateBody,
  db,
  PDF,
  PNG,
  t,
  upload,
  useTrackerApp,
} from './tracker.fixtures.ts';

/* The CE tracker's uploaded certificates on a real database: files, other members, staff, erasure. */

useTrackerApp();

const isStored = async (key: string) => (await t.app.deps.privateFiles.stat(key)) !== null;

describe('certificates', () => {
  it('adds a certificate and its PDF, lists it and downloads the file', async () => {
    const created = await call(alice, 'POST', '/api/tracker/certificates', certificateBody);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().certificate;
    const up = await upload(alice, id, 'cert.pdf', PDF);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().certificate.file).toMatchObject({
      name: 'cert.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
    });
    const png = await upload(alice, id, 'photo.png', PNG);
    expect(png.json().certificate.file.contentType).toBe('image/png');
    const file = await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const list = (await call(alice, 'GET', '/api/tracker/certificates')).json().certificates;
    expect(list.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('refuses a file that is not a PDF, JPEG or PNG whatever its name, and a file over 10 MB', async () => {
    const { id } = (await call(alice, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    const gif = await upload(alice, id, 'cert.pdf', Buffer.from('GIF89a......................'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().msg).toBe(TrackerTexts.FILE_TYPE_REFUSED);
    const html = await upload(alice, id, 'cert.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    const big = await upload(alice, id, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    const row = await db()
      .selectFrom('tracker_certificates')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toBeNull();
    expect((await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`)).statusCode).toBe(404);
  });

  it('edits and deletes a certificate, and its file goes from the storage with it', async () => {
    const { id } = (await call(alice, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    const storedKey = async () => {
      const row = await db()
        .selectFrom('tracker_certificates')
        .select('storage_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.storage_key!;
    };
    await upload(alice, id, 'first.pdf', PDF);
    const first = await storedKey();
    expect(await isStored(first)).toBe(true);
    // A new file replaces the old one in the storage too.
    await upload(alice, id, 'second.png', PNG);
    const second = await storedKey();
    expect(await isStored(first)).toBe(false);
    expect((await t.app.deps.privateFiles.get(second))?.equals(PNG)).toBe(true);
    const edited = await call(alice, 'PUT', `/api/tracker/certificate?id=${id}`, {
      ...certificateBody,
      hours: 3,
    });
    expect(edited.json().certificate.hours).toBe(3);
    const bad = await call(alice, 'PUT', `/api/tracker/certificate?id=${id}`, {
      ...certificateBody,
      topics: ['not_a_topic'],
    });
    expect(bad.statusCode).toBe(400);
    // Deleting it takes it out at once, keeps the file for the undo window, and undo brings both back.
    expect((await call(alice, 'DELETE', `/api/tracker/certificate?id=${id}`)).statusCode).toBe(200);
    const listed = async () =>
      (await call(alice, 'GET', '/api/tracker/certificates'))
        .json()
        .certificates.some((c: { id: string }) => c.id === id);
    expect(await listed()).toBe(false);
    expect((await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`)).statusCode).toBe(404);
    expect(await isStored(second)).toBe(true);
    expect((await call(alice, 'DELETE', `/api/tracker/certificate?id=${id}`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/api/tracker/certificate-restore?id=${id}`)).statusCode).toBe(404);
    const restored = await call(alice, 'POST', `/api/tracker/certificate-restore?id=${id}`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().certificate.file.name).toBe('second.png');
    expect(await listed()).toBe(true);
    const file = await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`);
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // After the undo window the purge takes the row and then the file; undo then says so.
    expect((await call(alice, 'DELETE', `/api/tracker/certificate?id=${id}`)).statusCode).toBe(200);
    await t.app.jobs.runDue(new Date(Date.now() + 5 * 60_000));
    expect(await isStored(second)).toBe(true);
    await t.app.jobs.runDue(new Date(Date.now() + 11 * 60_000));
    expect(await isStored(second)).toBe(false);
    const late = await call(alice, 'POST', `/api/tracker/certificate-restore?id=${id}`);
    expect(late.statusCode).toBe(404);
    expect(late.json().msg).toBe(TrackerTexts.UNDO_TOO_LATE);
    const gone = await db().selectFrom('tracker_certificates').select('id').where('id', '=', id).execute();
    expect(gone).toEqual([]);
  });

  it('lets another member neither read, change, upload to, download nor delete a certificate by its id', async () => {
    const { id } = (await call(alice, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    await upload(alice, id, 'cert.pdf', PDF);
    expect((await call(bob, 'GET', `/api/tracker/certificate-file?id=${id}`)).statusCode).toBe(404);
    expect(
      (await call(bob, 'PUT', `/api/tracker/certificate?id=${id}`, { ...certificateBody, hours: 9 }))
        .statusCode,
    ).toBe(404);
    expect((await upload(bob, id, 'x.pdf', PDF)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/tracker/certificate?id=${id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/tracker/certificates')).json().certificates).toEqual([]);
    const mine = await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    // Not served as media either: the file lives outside the public folder.
    const row = await db()
      .selectFrom('tracker_certificates')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await t.app.inject({ url: `/media/${row.storage_key}` })).statusCode).toBe(404);
  });

  it('shows staff a member’s file only through the audited action', async () => {
    const staff = await createStaff(db());
    const { id } = (await call(alice, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    await upload(alice, id, 'cert.pdf', PDF);
    expect(
      (await call(bob, 'GET', `/api/admin/tracker/certificate-file?id=${id}&reason=check`)).statusCode,
    ).toBe(403);
    const res = await call(
      staff,
      'GET',
      `/api/admin/tracker/certificate-file?id=${id}&reason=audit%20request`,
    );
    expect(res.statusCode).toBe(200);
    const audit = await db().selectFrom('audit_log').selectAll().where('entity_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: staff.id, action: 'tracker.certificate.view' });
    expect(JSON.parse(audit[0]!.detail).reason).toBe('audit request');
  });
});

describe('erasure', () => {
  it('takes the member’s uploaded files out of the storage with their rows', async () => {
    const staff = await createStaff(db());
    const hank = await createMember(db());
    const { id } = (await call(hank, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    await upload(hank, id, 'cert.pdf', PDF);
    const folder = async () => {
      const keys: string[] = [];
      for await (const item of t.app.deps.privateFiles.list(`tracker/${hank.id}`)) keys.push(item.key);
      return keys;
    };
    expect(await folder()).toHaveLength(1);
    const erased = await call(staff, 'POST', `/api/admin/members/${hank.id}/erase`, {});
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await folder()).toEqual([]);
    // Another member's files stay.
    const row = await db()
      .selectFrom('tracker_certificates')
      .select('storage_key')
      .where('member_id', '=', alice.id)
      .where('storage_key', 'is not', null)
      .executeTakeFirst();
    if (row?.storage_key) expect(await isStored(row.storage_key)).toBe(true);
  });
});
