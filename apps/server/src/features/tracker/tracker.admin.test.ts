import { describe, expect, it } from 'vitest';
import { createClass, createExam, createMember, createStaff } from '../../../test/factories.ts';
import { alice, auth, call, db, licenceBody, t, today, useTrackerApp } from './tracker.fixtures.ts';

/* The console's part of the CE tracker on a real database: requirement rules and topic tags. */

useTrackerApp();

describe('the console’s requirement rules', () => {
  it('lists rules by state and licence type, and saves numbers, topics and sources with who verified them, audited', async () => {
    const staff = await createStaff(db());
    const list = await call(staff, 'GET', '/api/admin/tracker/rules?state=WY');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .rules.map((r: { licenceType: string }) => r.licenceType)
        .sort(),
    ).toEqual(['dental_hygienist', 'dentist']);
    const summary = list.json().rules.find((r: { licenceType: string }) => r.licenceType === 'dentist');
    expect(summary).toMatchObject({ state: 'WY', verifiedOn: null, needsVerifying: true });
    expect((await call(staff, 'GET', '/api/admin/tracker/rules')).json().rules).toHaveLength(102);

    const rule = (await call(staff, 'GET', `/api/admin/tracker/rule?id=${summary.id}`)).json().rule;
    expect(rule.sources.length).toBeGreaterThan(0);
    const body = {
      cycleYears: rule.cycleYears,
      totalHours: 40,
      selfStudyMaxHours: 10,
      selfStudyMaxPercent: null,
      selfStudyNoLimit: false,
      liveMinHours: rule.liveMinHours,
      liveWebinarCountsAsLive: true,
      mandatory: [
        ...rule.mandatory.map(({ tracked: _t, ...m }: { tracked: boolean }) => m),
        {
          topic: 'Human trafficking awareness',
          category: 'human_trafficking',
          hours: 1,
          frequency: 'per cycle',
          appliesTo: null,
          note: null,
        },
      ],
      carryOverAllowed: false,
      carryOverMaxHours: null,
      notes: 'Checked against the board’s rule.',
      sources: ['https://dental.wyo.gov/rules', ...rule.sources],
      verifiedOn: today,
    };
    const saved = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rule).toMatchObject({
      totalHours: 40,
      selfStudyMaxHours: 10,
      verifiedOn: today,
      verifiedBy: expect.any(String),
      sources: body.sources,
    });
    expect(saved.json().rule.mandatory.at(-1)).toMatchObject({
      category: 'human_trafficking',
      tracked: true,
    });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', rule.id)
      .where('action', '=', 'tracker.rule.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(staff.id);
    const detail = JSON.parse(audit[0]!.detail);
    expect(detail).toMatchObject({ state: 'WY', licenceType: 'dentist' });
    expect(Object.keys(detail.changed)).toEqual(
      expect.arrayContaining(['totalHours', 'sources', 'verifiedOn', 'verifiedBy', 'mandatory']),
    );
    expect(
      (await call(staff, 'GET', '/api/admin/tracker/rules?state=WY&licenceType=dentist')).json().rules[0]
        .needsVerifying,
    ).toBe(false);

    // Members see the rule as saved, with the day it was verified.
    const seen = (
      await call(alice, 'GET', '/api/tracker/proposed-period?state=WY&licenceType=dentist')
    ).json();
    expect(seen.rule).toMatchObject({ totalHours: 40, verifiedOn: today });

    // Refused: a source that is not a web address, a topic not on the list, a member.
    const bad = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, {
      ...body,
      sources: ['javascript:alert(1)'],
    });
    expect(bad.statusCode).toBe(400);
    const badTopic = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, {
      ...body,
      mandatory: [{ ...body.mandatory.at(-1), category: 'made_up' }],
    });
    expect(badTopic.statusCode).toBe(400);
    expect((await call(alice, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, body)).statusCode).toBe(403);
    expect((await call(staff, 'GET', '/api/admin/tracker/rule?id=nope')).statusCode).toBe(404);
  });

  it('saves what each requirement is, a first-period exemption, when a period ends and the caps’ words (issue 36)', async () => {
    const staff = await createStaff(db());
    const summary = (await call(staff, 'GET', '/api/admin/tracker/rules?state=DE&licenceType=dentist')).json()
      .rules[0];
    const rule = (await call(staff, 'GET', `/api/admin/tracker/rule?id=${summary.id}`)).json().rule;
    // Delaware's renewal day is from a 2018 summary, its years not seen: members are asked.
    expect(rule).toMatchObject({ anchorMonth: 5, anchorDay: 31, anchorParity: null, anchorConfirmed: false });
    const ask = (
      await call(alice, 'GET', '/api/tracker/proposed-period?state=DE&licenceType=dentist')
    ).json();
    expect(ask.asks).toEqual(['renewal_date']);
    const body = {
      cycleYears: rule.cycleYears,
      totalHours: rule.totalHours,
      selfStudyMaxHours: rule.selfStudyMaxHours,
      selfStudyMaxPercent: rule.selfStudyMaxPercent,
      selfStudyNoLimit: rule.selfStudyNoLimit,
      liveMinHours: rule.liveMinHours,
      liveWebinarCountsAsLive: rule.liveWebinarCountsAsLive,
      mandatory: rule.mandatory.map(({ tracked: _t, ...m }: { tracked: boolean }, i: number) =>
        i === 0 ? { ...m, kind: 'course' } : m,
      ),
      carryOverAllowed: rule.carryOverAllowed,
      carryOverMaxHours: rule.carryOverMaxHours,
      categoryCaps: [{ topic: 'practice_management', maxHours: 10, note: 'practice management max 10 h' }],
      firstPeriodExempt: true,
      anchorMonth: 5,
      anchorDay: 31,
      anchorParity: 'odd',
      anchorConfirmed: true,
      notes: rule.notes,
      sources: rule.sources,
      verifiedOn: today,
    };
    const saved = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rule).toMatchObject({
      firstPeriodExempt: true,
      anchorParity: 'odd',
      anchorConfirmed: true,
      categoryCaps: [{ topic: 'practice_management', maxHours: 10, note: 'practice management max 10 h' }],
    });
    expect(saved.json().rule.mandatory[0].kind).toBe('course');
    // Confirmed by staff: the period is now proposed from it.
    const proposed = (
      await call(alice, 'GET', '/api/tracker/proposed-period?state=DE&licenceType=dentist')
    ).json();
    expect(proposed).toMatchObject({ asks: [], basis: 'rule' });
    expect(proposed.period.end).toMatch(/^\d{4}-05-31$/);
    expect(Number(proposed.period.end.slice(0, 4)) % 2).toBe(1);
    // A form that leaves the new fields out keeps them.
    const {
      firstPeriodExempt: _f,
      anchorMonth: _m,
      anchorDay: _d,
      anchorParity: _p,
      anchorConfirmed: _c,
      ...older
    } = body;
    const kept = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, older);
    expect(kept.json().rule).toMatchObject({
      firstPeriodExempt: true,
      anchorParity: 'odd',
      anchorConfirmed: true,
    });
    const badKind = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, {
      ...body,
      mandatory: [{ ...body.mandatory[0], kind: 'made_up' }],
    });
    expect(badKind.statusCode).toBe(400);
  });
});

describe('topic tags in the console', () => {
  it('sets topics on a class and an episode in their edit screens, audited, and the gap then suggests them', async () => {
    const staff = await createStaff(db());
    const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/admin/${url}`,
        headers: auth(staff),
        ...(payload ? { payload } : {}),
      });
    const course = await createClass(db(), { title: 'Ethics in the operatory', credits: 1 });
    await createExam(db(), { classId: course.id });
    const before = (await admin('GET', `classes/${course.id}`)).json().data;
    expect(before.topics).toEqual([]);
    const saved = await admin('PUT', `classes/${course.id}`, { ...before, topics: ['ethics_jurisprudence'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.topics).toEqual(['ethics_jurisprudence']);
    const refused = await admin('PUT', `classes/${course.id}`, { ...before, topics: ['not_a_topic'] });
    expect(refused.statusCode).toBe(400);
    const audit = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('entity_id', '=', course.id)
      .where('action', '=', 'update')
      .execute();
    expect(JSON.parse(audit[0]!.detail).changes).toEqual({ topics: ['ethics_jurisprudence'] });

    const episodeId = (await db().selectFrom('podcasts').select('id').executeTakeFirst())?.id;
    if (episodeId) {
      const episode = (await admin('GET', `podcasts/${episodeId}`)).json().data;
      const tagged = await admin('PUT', `podcasts/${episodeId}`, { ...episode, topics: ['cpr_bls'] });
      expect(tagged.statusCode, tagged.body).toBe(200);
      expect(tagged.json().data.topics).toEqual(['cpr_bls']);
    }

    // CA dentists need ethics/jurisprudence hours: the tagged class is suggested for them.
    const erin = await createMember(db());
    const { id } = (await call(erin, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    const standing = (await call(erin, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    const need = standing.gap.find((g: { need: string }) => g.need === 'ethics_jurisprudence:jurisprudence');
    expect(need.courses.map((c: { title: string }) => c.title)).toContain('Ethics in the operatory');
  });
});
