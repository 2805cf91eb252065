import { describe, expect, it } from 'vitest';
import { adminEntity } from './admin.entities.ts';
import type { TAdminField } from './admin.fields.ts';
import { fieldSchema, fieldsSchema } from './admin.schema.ts';

const parse = (f: TAdminField, value: unknown) => fieldSchema(f).safeParse(value);

describe('fieldSchema', () => {
  it.each<[TAdminField, unknown, unknown]>([
    [{ name: 't', label: 'Title', kind: 'text', required: true }, '  Hello ', 'Hello'],
    [{ name: 't', label: 'Title', kind: 'text' }, '   ', null],
    [{ name: 'b', label: 'Blurb', kind: 'textarea', defaultValue: '' }, '', ''],
    [{ name: 'n', label: 'Duration', kind: 'integer' }, '45', 45],
    [{ name: 'n', label: 'Credits', kind: 'number' }, '1.5', 1.5],
    [{ name: 'n', label: 'Order', kind: 'integer', defaultValue: 0 }, '', 0],
    [{ name: 'c', label: 'Active', kind: 'checkbox' }, undefined, false],
    [{ name: 's', label: 'Type', kind: 'select', options: [{ value: 20, label: 'Live' }] }, '20', 20],
    [{ name: 'd', label: 'Release', kind: 'datetime' }, '2026-12-01T09:30-05:00', '2026-12-01T14:30:00.000Z'],
    [{ name: 'd', label: 'Review', kind: 'date' }, '2026-02-28', '2026-02-28'],
    [{ name: 'm', label: 'Photo', kind: 'media' }, '/media/uploads/a.png', '/media/uploads/a.png'],
    [{ name: 'r', label: 'Categories', kind: 'refs' }, '', []],
  ])('%o takes %j as %j', (field, input, output) => {
    const result = parse(field, input);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(output);
  });

  it.each<[TAdminField, unknown, string]>([
    [{ name: 't', label: 'Title', kind: 'text', required: true }, '', 'Title is required.'],
    [{ name: 't', label: 'Title', kind: 'text', max: 5 }, 'too long', 'Title must be at most 5 characters.'],
    [{ name: 'n', label: 'Duration', kind: 'integer' }, '1.5', 'Duration must be a whole number.'],
    [{ name: 'n', label: 'Capacity', kind: 'integer', min: 1 }, 0, 'Capacity must be at least 1.'],
    [{ name: 'n', label: 'Credits', kind: 'number' }, 'one', 'Credits must be a number.'],
    [
      { name: 's', label: 'Type', kind: 'select', options: [{ value: 20, label: 'Live' }] },
      30,
      'Choose a type from the list.',
    ],
    [
      { name: 'd', label: 'Release', kind: 'datetime' },
      '2026-12-01 09:30',
      'Release must be a date and time.',
    ],
    [{ name: 'd', label: 'Review', kind: 'date' }, '2026-02-30', 'Review must be a date (YYYY-MM-DD).'],
    [
      { name: 'u', label: 'Website', kind: 'url' },
      'javascript:alert(1)',
      'Website must be a web address starting with https://.',
    ],
    [
      { name: 'm', label: 'Photo', kind: 'media' },
      '../etc/passwd',
      'Photo must be an uploaded file or a web address.',
    ],
    [{ name: 'e', label: 'E-mail', kind: 'email' }, 'nobody', 'E-mail must be a valid e-mail address.'],
    [
      { name: 'g', label: 'Slug', kind: 'slug' },
      'Not A Slug',
      'Slug may hold lower-case letters, digits and dashes.',
    ],
  ])('%o refuses %j with “%s”', (field, input, message) => {
    const result = parse(field, input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('fieldsSchema', () => {
  it('applies the rules across fields, naming the field', () => {
    const result = fieldsSchema(adminEntity('classes')).safeParse({
      typeId: 10,
      title: 'A PDF class',
      releaseAt: '2026-12-01T09:30:00Z',
      durationMin: 60,
      credits: 1,
      ceTypeId: 1,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pdfUrl', 'A PDF class needs its PDF.'],
    ]);
  });
});
