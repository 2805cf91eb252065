import { AdSlotType, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass, createMember } from '../../../test/factories.ts';
import { newId, newPublicHash, nowIso } from '../../lib/ids.ts';
import { login, uniqueSuffix } from './accounts.fixtures.ts';

/*
 * GDPR erasure (03 §3): after confirming, no table holds the member's name, e-mail, phone or
 * username anywhere in a text column; anonymous aggregate rows (completions, evaluations) stay.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every table's rows, as text, for a scan. */
async function everyRowAsText(): Promise<{ table: string; text: string }[]> {
  const tables = await db().introspection.getTables();
  const out: { table: string; text: string }[] = [];
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    const rows = await db()
      .selectFrom(table.name as 'members')
      .selectAll()
      .execute();
    for (const row of rows) out.push({ table: table.name, text: JSON.stringify(row).toLowerCase() });
  }
  return out;
}

describe('POST /api/remove-consent and /api/remove-consent-confirm', () => {
  it('needs the member token as h', async () => {
    expect((await post('/api/remove-consent', { h: '' })).statusCode).toBe(400);
    expect((await post('/api/remove-consent', { h: 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it('refuses an unknown or expired confirmation token', async () => {
    const m = await createMember(db());
    await post('/api/remove-consent', { h: m.token });
    await db()
      .updateTable('gdpr_requests')
      .set({ expires_at: nowIso(new Date(Date.now() - 1000)) })
      .execute();
    const row = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', m.email)
      .executeTakeFirstOrThrow();
    const token = /\/gdpr\/confirm\/([A-Za-z0-9_-]+)/.exec(row.text_body)![1]!;
    for (const t2 of [token, 'y'.repeat(43)]) {
      const res = await post('/api/remove-consent-confirm', { t: t2 });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(Texts.GDPR_LINK_INVALID);
    }
    expect((await login(t.app, m.username, 'password1')).statusCode).toBe(200);
  });

  it('erases every trace of personal data and keeps anonymous aggregates', async () => {
    const u = uniqueSuffix();
    const firstname = `Zebulon${u}`;
    const lastname = `Quixote${u}`;
    const username = `zq${u}`;
    const email = `zebulon.${u}@example.test`;
    const phone = `51855${u.replace(/\D/g, '').padEnd(5, '7').slice(0, 5)}`;
    const m = await createMember(db(), {
      username,
      username_key: username,
      email,
      email_key: email,
      email2: `home.${u}@example.test`,
      firstname,
      lastname,
      phone,
      agd_number: '998877',
      office_name: `Quixote Dental ${u}`,
      address: `77 ${lastname} Road`,
    });
    const secondSession = (await login(t.app, username, 'password1')).json().token as string;

    // What a member leaves behind: a seat, the queue, a completion, an evaluation, leads, a
    // support message, views, a reset link and mails.
    const live = await createClass(db(), { title: `Live ${u}` });
    const done = await createClass(db(), { title: `Done ${u}` });
    const at = nowIso();
    await db()
      .insertInto('seats')
      .values({
        id: newId(),
        class_id: live.id,
        member_id: m.id,
        cancel_code: newPublicHash(),
        created_at: at,
      })
      .execute();
    await db()
      .insertInto('queue_items')
      .values({ id: newId(), member_id: m.id, class_id: done.id, created_at: at })
      .execute();
    await db()
      .insertInto('completions')
      .values({
        id: newId(),
        member_id: m.id,
        class_id: done.id,
        completed_at: at,
        score: 100,
        credits: 1,
        ce_type_id: 1,
        certificate_number: newPublicHash(),
        created_at: at,
      })
      .execute();
    await db()
      .insertInto('gradebook')
      .values({
        id: newId(),
        member_id: m.id,
        class_id: done.id,
        view_count: 1,
        created_at: at,
        completed_at: at,
      })
      .execute();
    const ratings = {
      course_objectives: 4,
      course_useful: 4,
      course_appropriate: 4,
      course_logical: 4,
      instructor_communication: 3,
      instructor_preparedness: 3,
      instructor_effectiveness: 3,
      site_presentation: 4,
      site_navigation: 4,
      site_comparison: 4,
    };
    await db()
      .insertInto('evaluations')
      .values({ id: newId(), member_id: m.id, class_id: done.id, created_at: at, ...ratings })
      .execute();
    const adId = newId();
    await db()
      .insertInto('ads')
      .values({
        id: adId,
        hash: newPublicHash(),
        slot_type_id: AdSlotType.MOBILE_LIST,
        title: 'Ad',
        created_at: at,
      })
      .execute();
    await db()
      .insertInto('ad_leads')
      .values({ id: newId(), ad_id: adId, member_id: m.id, email, created_at: at })
      .execute();
    await db()
      .insertInto('ad_leads')
      .values({ id: newId(), ad_id: adId, member_id: null, email: email.toUpperCase(), created_at: at })
      .execute();
    await db()
      .insertInto('ad_events')
      .values({ id: newId(), ad_id: adId, event_id: 2, member_id: m.id, at })
      .execute();
    const ebookId = newId();
    await db()
      .insertInto('ebooks')
      .values({ id: ebookId, hash: newPublicHash(), title: 'Book', pdf: '/media/b.pdf', created_at: at })
      .execute();
    await db()
      .insertInto('ebook_requests')
      .values({ id: newId(), ebook_id: ebookId, member_id: m.id, created_at: at })
      .execute();
    await db()
      .insertInto('class_views')
      .values({ id: newId(), class_id: done.id, member_id: m.id, viewed_at: at })
      .execute();
    await db()
      .insertInto('support_messages')
      .values({
        id: newId(),
        member_id: m.id,
        name: `${firstname} ${lastname}`,
        office: `Quixote Dental ${u}`,
        email,
        phone,
        subject: 'Other',
        comment: `Please call ${firstname} at ${phone}`,
        created_at: at,
      })
      .execute();
    await post('/api/reset-password-request', { u: username });
    await t.app.inject({ method: 'GET', url: `/api/send-ce-report?s=${m.token}` });

    const before = await everyRowAsText();
    expect(before.some((r) => r.text.includes(firstname.toLowerCase()))).toBe(true);

    expect((await post('/api/remove-consent', { h: m.token })).json().msg).toBe(Texts.GDPR_SUCCESS);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('kind', '=', 'gdpr')
      .executeTakeFirstOrThrow();
    const token = /\/gdpr\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    expect((await post('/api/remove-consent-confirm', { t: token })).json()).toEqual({
      status: true,
      msg: Texts.GDPR_ERASED,
    });

    const needles = [
      firstname,
      lastname,
      username,
      email,
      `home.${u}@example.test`,
      phone,
      '998877',
      `Quixote Dental ${u}`,
    ].map((n) => n.toLowerCase());
    const leaks = (await everyRowAsText()).filter((r) => needles.some((n) => r.text.includes(n)));
    expect(leaks).toEqual([]);

    const member = await db()
      .selectFrom('members')
      .selectAll()
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(member.erased_at).not.toBeNull();
    expect(member.username).toBe(`erased-${m.id}`);
    expect(member.email).toBe(`erased-${m.id}@erased.invalid`);
    // Anonymous aggregates stay.
    expect(
      await db().selectFrom('completions').select('id').where('class_id', '=', done.id).execute(),
    ).toHaveLength(1);
    const evaluation = await db()
      .selectFrom('evaluations')
      .selectAll()
      .where('class_id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(evaluation).toMatchObject({ member_id: null, course_useful: 4 });
    expect(
      await db().selectFrom('ebook_requests').select('member_id').where('ebook_id', '=', ebookId).execute(),
    ).toEqual([{ member_id: null }]);
    expect(await db().selectFrom('ad_leads').select('id').where('ad_id', '=', adId).execute()).toEqual([]);
    // Every session is gone, and the old credentials no longer work.
    for (const token2 of [m.token, secondSession]) {
      expect((await t.app.inject({ url: `/api/profile?s=${token2}` })).statusCode).toBe(401);
    }
    expect((await login(t.app, username, 'password1', '10.9.0.1')).statusCode).toBe(401);
    expect((await login(t.app, email, 'password1', '10.9.0.1')).statusCode).toBe(401);
    // The username and e-mail are free again.
    expect(
      (await t.app.inject({ url: `/api/validate-email?email=${encodeURIComponent(email)}` })).json(),
    ).toEqual({
      status: true,
    });
  });
});
