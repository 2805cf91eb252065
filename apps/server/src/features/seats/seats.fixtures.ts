import type { FastifyInstance } from 'fastify';
import { renderedOutboxRow } from '../../lib/mail/templates.ts';
import type { Kysely } from 'kysely';
import { CeType, ClassType } from '@opence/shared';
import type { DB, TNewClass } from '../../db/types.ts';
import { createClass } from '../../../test/factories.ts';

/* Test helpers of the seats feature: a webinar builder, the calls, the outbox, an .ics reader. */

const MINUTE_MS = 60_000;

/** A live webinar starting in startsInMin minutes (default: tomorrow), with a meeting code. */
export function createWebinar(db: Kysely<DB>, overrides: Partial<TNewClass> & { startsInMin?: number } = {}) {
  const { startsInMin = 24 * 60, ...rest } = overrides;
  return createClass(db, {
    type_id: ClassType.LIVE,
    ce_type_id: CeType.LIVE,
    release_at: new Date(Date.now() + startsInMin * MINUTE_MS).toISOString(),
    duration_min: 60,
    youtube_url: null,
    zoom_code: '81234567890',
    capacity: null,
    ...rest,
  });
}

export const reserveSeat = (app: FastifyInstance, token: string, c: string) =>
  app.inject({ method: 'GET', url: '/api/reserve-seat', query: { s: token, c } });

export const classStart = (app: FastifyInstance, token: string, c: string) =>
  app.inject({ method: 'GET', url: '/api/class-start', query: { s: token, c } });

export const cancelSeat = (app: FastifyInstance, code: string, token?: string) =>
  app.inject({ method: 'POST', url: '/api/cancel-seat', payload: { code, ...(token ? { s: token } : {}) } });

/** The member's seat row in a class. */
export function seatOf(db: Kysely<DB>, memberId: string, classId: string) {
  return db
    .selectFrom('seats')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('class_id', '=', classId)
    .executeTakeFirst();
}

/** The mails queued to an address, oldest first, optionally of one kind, rendered as sent. */
export async function mailsTo(db: Kysely<DB>, to: string, kind?: string) {
  let query = db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to);
  if (kind) query = query.where('kind', '=', kind);
  return (await query.orderBy('created_at').execute()).map(renderedOutboxRow);
}

export type TIcsProperty = { name: string; params: Record<string, string>; value: string };

/**
 * A tiny iCalendar reader for the tests: unfolds continuation lines, splits each line into
 * name, parameters and value, and unescapes TEXT values (RFC 5545 §3.1, §3.3.11).
 */
export function parseIcs(text: string): TIcsProperty[] {
  if (/[^\r]\n/.test(text)) throw new Error('iCalendar lines must end with CRLF');
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      if (colon < 1) throw new Error(`not a content line: ${line}`);
      const [name = '', ...params] = line.slice(0, colon).split(';');
      const value = line
        .slice(colon + 1)
        .replace(/\\n/gi, '\n')
        .replace(/\\([,;\\])/g, '$1');
      return {
        name: name.toUpperCase(),
        params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])),
        value,
      };
    });
}

/** The one VEVENT of a calendar, by property name. */
export function icsEvent(text: string): Record<string, string> {
  const props = parseIcs(text);
  const begin = props.findIndex((p) => p.name === 'BEGIN' && p.value === 'VEVENT');
  const end = props.findIndex((p) => p.name === 'END' && p.value === 'VEVENT');
  if (begin < 0 || end < begin) throw new Error('no VEVENT');
  if (props[0]?.value !== 'VCALENDAR' || props.at(-1)?.value !== 'VCALENDAR')
    throw new Error('not a VCALENDAR');
  return Object.fromEntries(props.slice(begin + 1, end).map((p) => [p.name, p.value]));
}

/** A calendar's UTC date-time (20261202T180000Z) as a Date. */
export function icsUtc(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}
