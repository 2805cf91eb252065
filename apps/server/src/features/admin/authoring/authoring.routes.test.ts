import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdSlotType, ClassType } from '@opence/shared';
import { ADMIN_ENTITIES, type TAdminEntityKey } from '@opence/shared/schemas';
import { buildTestApp, type TTestApp } from '../../../../test/build-test-app.ts';
import { CERTIFICATE_PROVIDER, createStaff, type TTestMember } from '../../../../test/factories.ts';

let t: TTestApp;
let staff: TTestMember;
const refs: Record<string, string> = {};

const auth = () => ({ authorization: `Bearer ${staff.token}` });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/${url}`, headers: auth(), ...(payload ? { payload } : {}) });

async function create(key: TAdminEntityKey, values: object): Promise<Record<string, unknown>> {
  const res = await call('POST', key, values);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function count(table: 'audit_log' | 'classes' | 'speakers' | string): Promise<number> {
  const db = t.app.deps.database.db as unknown as Kysely<Record<string, { id: string }>>;
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A valid form per entity: the smallest one that saves. */
function validValues(key: TAdminEntityKey): Record<string, unknown> {
  switch (key) {
    case 'classes':
      return {
        typeId: ClassType.LIVE,
        title: 'Caries Risk Live',
        releaseAt: '2030-03-04T15:00:00.000Z',
        durationMin: '60',
        credits: '1.5',
        ceTypeId: 2,
        capacity: '2',
        zoomCode: '123 456 789',
        categories: [refs.category],
        speakerId: refs.speaker,
        companyId: refs.company,
        reviewDate: '2030-01-01',
        expiryDate: '2033-01-01',
        isPublished: true,
      };
    case 'podcast-shows':
      return { title: 'Chairside Talks', companyId: refs.company };
    case 'podcasts':
      return {
        showId: refs.show,
        title: 'Episode One',
        mp3: '/media/audio/one.mp3',
        releaseAt: '2030-01-01T10:00:00Z',
        ceTypeId: 1,
      };
    case 'blog-posts':
      return { title: 'Whitening myths', publishedAt: '2030-01-01T10:00:00Z', body: '<p>Hello</p>' };
    case 'drilldowns':
      return {
        title: 'Rubber dam in 5',
        postedAt: '2030-01-01T10:00:00Z',
        youtubeUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
      };
    case 'ebooks':
      return { title: 'Implant guide', pdf: '/media/pdf/guide.pdf' };
    case 'ads':
      return { slotTypeId: AdSlotType.MOBILE_LIST, title: 'Spring offer', imageUrls: ['/media/ads/a.png'] };
    case 'speakers':
      return { name: 'Dr. Ada Molar', credentials: 'DDS' };
    case 'companies':
      return { name: `Acme Dental ${Math.random()}`, contactEmail: 'leads@acme.test' };
    case 'sponsor-videos':
      return {
        headline: 'Try it',
        blurb: 'Free sample',
        youtubeId: 'abcdefghijk',
        buttonTextYes: 'Yes',
        buttonTextNo: 'No',
      };
    case 'surveys':
      return { title: 'Materials survey' };
    case 'categories':
      return { name: `Endodontics ${Math.random()}` };
    case 'blurbs':
      return { code: `code_${Math.floor(Math.random() * 1e9)}`, blurb: 'Some text' };
  }
}

/** One bad value per form, and the field the refusal must name. */
const INVALID: Record<TAdminEntityKey, [string, unknown]> = {
  classes: ['durationMin', 'an hour'],
  'podcast-shows': ['title', ''],
  podcasts: ['mp3', 'javascript:alert(1)'],
  'blog-posts': ['publishedAt', 'yesterday'],
  drilldowns: ['youtubeUrl', 'ftp://example.com/v'],
  ebooks: ['pdf', ''],
  ads: ['slotTypeId', 999],
  speakers: ['name', 'x'.repeat(201)],
  companies: ['contactEmail', 'not-an-email'],
  'sponsor-videos': ['youtubeId', 'too-short'],
  surveys: ['companyId', 'no such row!'],
  categories: ['sort', 1.5],
  blurbs: ['code', 'has spaces'],
};

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(t.app.deps.database.db);
  refs.company = String((await create('companies', validValues('companies'))).id);
  refs.speaker = String((await create('speakers', validValues('speakers'))).id);
  refs.category = String((await create('categories', validValues('categories'))).id);
  refs.show = String((await create('podcast-shows', validValues('podcast-shows'))).id);
});
afterAll(() => t.close());

describe('authoring every entity', () => {
  it.each(ADMIN_ENTITIES.map((e) => e.key))('%s: creates, reads, lists, updates and deletes', async (key) => {
    const entity = ADMIN_ENTITIES.find((e) => e.key === key)!;
    const created = await create(key, validValues(key));
    const id = String(created.id);

    const read = await call('GET', `${key}/${id}`);
    expect(read.json().data).toMatchObject({ id });

    const title = String(created[entity.titleField]);
    const list = await call('GET', `${key}?q=${encodeURIComponent(title.slice(0, 10))}`);
    expect(list.json().data.map((r: { id: string }) => r.id)).toContain(id);

    const edited = {
      ...validValues(key),
      [entity.titleField]: key === 'blurbs' ? created.code : `${title} (edited)`,
    };
    const updated = await call('PUT', `${key}/${id}`, edited);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data[entity.titleField]).toBe(edited[entity.titleField]);

    const [badField, badValue] = INVALID[key];
    const refused = await call('PUT', `${key}/${id}`, { ...edited, [badField]: badValue });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await call('GET', `${key}/${id}`)).json().data).toEqual(updated.json().data);

    const removed = await call('DELETE', `${key}/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `${key}/${id}`)).statusCode).toBe(404);
  });

  it.each(ADMIN_ENTITIES.map((e) => e.key))(
    '%s: a bad value is refused with a 400 naming the field, nothing saved',
    async (key) => {
      const entity = ADMIN_ENTITIES.find((e) => e.key === key)!;
      const [field, value] = INVALID[key];
      const table =
        { 'podcast-shows': 'podcast_shows', 'blog-posts': 'blog_posts', 'sponsor-videos': 'sponsor_videos' }[
          key as string
        ] ?? key;
      const before = await count(table);
      const res = await call('POST', key, { ...validValues(key), [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().msg).toMatch(new RegExp(`^${field}: .+`));
      expect(await count(table)).toBe(before);
      expect(entity.fields.some((f) => f.name === field)).toBe(true);
    },
  );

  it('writes the audit row of each change with the staff member and the fields changed', async () => {
    const created = await create('speakers', { name: 'Dr. Audit' });
    await call('PUT', `speakers/${created.id}`, { name: 'Dr. Audit', credentials: 'MS' });
    const rows = await t.app.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', String(created.id))
      .orderBy('at')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows.every((r) => r.actor_id === staff.id)).toBe(true);
    expect(JSON.parse(rows[1]!.detail)).toEqual({ title: 'Dr. Audit', changes: { credentials: 'MS' } });
  });
});

describe('classes', () => {
  it('stores the release time in UTC, makes a unique slug and keeps the categories', async () => {
    const first = await create('classes', { ...validValues('classes'), releaseAt: '2030-03-04T10:00-05:00' });
    const second = await create('classes', validValues('classes'));
    expect(first.releaseAt).toBe('2030-03-04T15:00:00.000Z');
    expect(first.slug).toBe('caries-risk-live');
    expect(second.slug).toBe('caries-risk-live-2');
    expect(first.categories).toEqual([refs.category]);
    expect(first.capacity).toBe(2);
    expect(typeof first.hash).toBe('string');
  });

  it.each([
    [{ typeId: ClassType.PDF }, 'pdfUrl'],
    [{ typeId: ClassType.PREMIUM }, 'learnworldsClassId'],
    [{ typeId: ClassType.PRODUCED_PLAYBACK }, 'youtubeUrl'],
    [{ reviewDate: '2031-01-01', expiryDate: '2030-01-01' }, 'expiryDate'],
    [{ capacity: 0 }, 'capacity'],
    [{ releaseAt: '' }, 'releaseAt'],
    [{ speakerId: 'ghost' }, 'speakerId'],
  ])('refuses %o naming %s', async (change, field) => {
    const res = await call('POST', 'classes', { ...validValues('classes'), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('refuses a slug another class has with a 409 naming the slug', async () => {
    await create('classes', { ...validValues('classes'), slug: 'taken-slug' });
    const res = await call('POST', 'classes', { ...validValues('classes'), slug: 'taken-slug' });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('slug');
  });

  it('refuses to delete a company a class still uses', async () => {
    const company = await create('companies', validValues('companies'));
    await create('classes', { ...validValues('classes'), companyId: company.id });
    const res = await call('DELETE', `companies/${company.id}`);
    expect(res.statusCode).toBe(409);
    expect((await call('GET', `companies/${company.id}`)).statusCode).toBe(200);
  });
});

describe('blog posts', () => {
  it('sanitises the body on save', async () => {
    const post = await create('blog-posts', {
      ...validValues('blog-posts'),
      body: '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:x()">x</a><strong>bold</strong></p>',
    });
    expect(post.body).toBe('<p>Hi <a>x</a><strong>bold</strong></p>');
  });
});

describe('survey questions', () => {
  it('keeps the id of questions and choices that stay, and removes the others', async () => {
    const survey = await create('surveys', validValues('surveys'));
    const first = await call('PUT', `surveys/${survey.id}/questions`, {
      questions: [
        { question: 'Do you use it?', type: 'yesno', choices: [{ label: 'Yes' }, { label: 'No' }] },
        {
          question: 'Which brands?',
          type: 'multi',
          choices: [{ label: 'A' }, { label: 'B' }, { label: 'C' }],
        },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [yesno, multi] = first.json().questions;
    const second = await call('PUT', `surveys/${survey.id}/questions`, {
      questions: [{ ...multi, question: 'Which brands do you use?', choices: multi.choices.slice(0, 2) }],
    });
    const saved = second.json().questions;
    expect(saved).toHaveLength(1);
    expect(saved[0].id).toBe(multi.id);
    expect(saved[0].choices.map((c: { id: string }) => c.id)).toEqual(
      multi.choices.slice(0, 2).map((c: { id: string }) => c.id),
    );
    expect(saved[0].id).not.toBe(yesno.id);
  });

  it('refuses a yes/no question with three choices', async () => {
    const survey = await create('surveys', validValues('surveys'));
    const res = await call('PUT', `surveys/${survey.id}/questions`, {
      questions: [
        { question: 'Q', type: 'yesno', choices: [{ label: 'Y' }, { label: 'N' }, { label: 'M' }] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('questions.0.choices');
  });
});

describe('settings and featured content', () => {
  it('shows a changed brand at once on the public site call', async () => {
    const current = (await call('GET', 'settings')).json().data;
    await t.app.inject({ url: '/api/site' }); // fills the site's settings cache
    const res = await call('PUT', 'settings', {
      ...current,
      ...CERTIFICATE_PROVIDER,
      brand: 'Bright CE',
      providerName: 'Bright CE Ltd',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ url: '/api/site' })).json().brand).toBe('Bright CE');
  });

  it.each([
    [{ meetingUrlTemplate: 'https://meet.example.com/room' }, 'meetingUrlTemplate'],
    [{ agdApprovalEnd: '2025-13-40' }, 'agdApprovalEnd'],
    [{ mobileAdInterval: 0 }, 'mobileAdInterval'],
    [{ socialLinks: [{ label: 'X', url: 'javascript:alert(1)' }] }, 'socialLinks.0.url'],
    [{ brand: '' }, 'brand'],
  ])('refuses %o naming %s', async (change, field) => {
    const current = (await call('GET', 'settings')).json().data;
    const res = await call('PUT', 'settings', {
      ...current,
      ...CERTIFICATE_PROVIDER,
      brand: 'Changed',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect((await call('GET', 'settings')).json().data).toEqual(current);
  });

  it('saves the featured class and refuses one that does not exist', async () => {
    const cls = await create('classes', validValues('classes'));
    const ok = await call('PUT', 'featured', { classId: cls.id, classBlurb: 'Do not miss it' });
    expect(ok.json().data).toMatchObject({ classId: cls.id, classBlurb: 'Do not miss it', podcastId: null });
    const bad = await call('PUT', 'featured', { classId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('classId');
  });
});
