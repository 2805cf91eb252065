import { type Kysely, sql, type Transaction } from 'kysely';
import { ClassType } from '@opence/shared';
import { compiledOnce } from '../../db/compiled-once.ts';
import { lockForUpdate, postgresIsoFromEpochMs, type TDialectName } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import { outboxRow, type TOutgoingMail } from '../../lib/mail/outbox.ts';
import { memberSeatsFrom } from '../../domain/member-seats.ts';
import { SESSION_COLUMNS, type TSessionColumns } from '../../domain/sessions.ts';
import { ARRIVAL_WAITS } from './seats.waitlist.repo.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** What every page and row shows of a webinar (with speakers and companies joined). */
const webinarFactColumns = [
  'classes.hash',
  'classes.title',
  'classes.photo',
  'classes.release_at',
  'classes.duration_min',
  'classes.credits',
  'classes.ce_type_id',
  'speakers.name as speaker_name',
  'companies.name as company_name',
] as const;

/** A webinar as the seat pages, the room and a reservation need it. */
const webinarColumns = [
  ...webinarFactColumns,
  'classes.id',
  'classes.slug',
  'classes.type_id',
  'classes.capacity',
  'classes.zoom_code',
  'classes.privacy_title',
  'classes.privacy_blurb',
  'classes.privacy_learnmore',
] as const;

/**
 * A published class by hash or slug, with what the seat pages, mails and calendar need. The
 * reservation path's queries are compiled once (db/compiled-once.ts): building and compiling
 * them cost about as much as running them during a burst of reservations (issue 21).
 */
const webinarQuery = compiledOnce((db, _shape, p: { ref: string }) =>
  db
    .selectFrom('classes')
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .select(webinarColumns)
    .where((eb) => eb.or([eb('classes.hash', '=', p.ref), eb('classes.slug', '=', p.ref)]))
    .where('classes.is_published', '=', 1),
);

export async function selectWebinar(db: TDb, ref: string) {
  const [row] = await webinarQuery(db, 'default', { ref });
  return row;
}

export type TWebinarRow = NonNullable<Awaited<ReturnType<typeof selectWebinar>>>;

/**
 * What a reservation reads before it writes, in one statement (issue 21, decision 0822): the
 * published class (as selectWebinar), the member's seat in it if any (as selectSeat), and the
 * member as a mail needs them (as selectMailee; none for an erased member).
 */
const reservationFactsQuery = compiledOnce((db, _shape, p: { ref: string; memberId: string }) =>
  db
    .selectFrom('classes')
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .leftJoin('seats', (join) =>
      join.onRef('seats.class_id', '=', 'classes.id').on('seats.member_id', '=', p.memberId),
    )
    .leftJoin('members', (join) => join.on('members.id', '=', p.memberId).on('members.erased_at', 'is', null))
    .select([
      ...webinarColumns,
      'seats.id as seat_id',
      'seats.cancel_code as seat_cancel_code',
      'seats.is_waiting as seat_is_waiting',
      'seats.privacy_optin as seat_privacy_optin',
      'seats.started_at as seat_started_at',
      'seats.created_at as seat_created_at',
      'members.id as mailee_id',
      'members.hash as mailee_hash',
      'members.email as mailee_email',
      'members.firstname as mailee_firstname',
      'members.lastname as mailee_lastname',
      'members.time_zone as mailee_time_zone',
    ])
    .where((eb) => eb.or([eb('classes.hash', '=', p.ref), eb('classes.slug', '=', p.ref)]))
    .where('classes.is_published', '=', 1),
);

export async function selectReservationFacts(db: TDb, ref: string, memberId: string) {
  const [row] = await reservationFactsQuery(db, 'default', { ref, memberId });
  if (!row) return undefined;
  const webinar: TWebinarRow = {
    hash: row.hash,
    title: row.title,
    photo: row.photo,
    release_at: row.release_at,
    duration_min: row.duration_min,
    credits: row.credits,
    ce_type_id: row.ce_type_id,
    speaker_name: row.speaker_name,
    company_name: row.company_name,
    id: row.id,
    slug: row.slug,
    type_id: row.type_id,
    capacity: row.capacity,
    zoom_code: row.zoom_code,
    privacy_title: row.privacy_title,
    privacy_blurb: row.privacy_blurb,
    privacy_learnmore: row.privacy_learnmore,
  };
  const held: TSeat | undefined =
    row.seat_id === null
      ? undefined
      : {
          id: row.seat_id,
          class_id: row.id,
          member_id: memberId,
          cancel_code: row.seat_cancel_code!,
          is_waiting: row.seat_is_waiting!,
          privacy_optin: row.seat_privacy_optin,
          started_at: row.seat_started_at,
          created_at: row.seat_created_at!,
        };
  const mailee: TMailee | undefined =
    row.mailee_id === null
      ? undefined
      : {
          id: row.mailee_id,
          hash: row.mailee_hash!,
          email: row.mailee_email!,
          firstname: row.mailee_firstname,
          lastname: row.mailee_lastname,
          time_zone: row.mailee_time_zone,
        };
  return { webinar, held, mailee };
}

/**
 * Holds the class row until the transaction ends, so that reservations and cancellations of
 * one class count and change its seats one at a time (03 §5: capacity never exceeded).
 */
export async function lockClass(trx: Transaction<DB>, dialect: TDialectName, classId: string): Promise<void> {
  await lockForUpdate(dialect, trx.selectFrom('classes').select('id').where('id', '=', classId)).execute();
}

const seatColumns = [
  'seats.id',
  'seats.class_id',
  'seats.member_id',
  'seats.cancel_code',
  'seats.is_waiting',
  'seats.privacy_optin',
  'seats.started_at',
  'seats.created_at',
] as const;

const seatQuery = compiledOnce((db, _shape, p: { memberId: string; classId: string }) =>
  db
    .selectFrom('seats')
    .select(seatColumns)
    .where('member_id', '=', p.memberId)
    .where('class_id', '=', p.classId),
);

/** The member's seat or waitlist place in a class. */
export async function selectSeat(db: TDb, memberId: string, classId: string) {
  const [row] = await seatQuery(db, 'default', { memberId, classId });
  return row;
}
export type TSeat = NonNullable<Awaited<ReturnType<typeof selectSeat>>>;

/**
 * Takes the class row's lock and decides the arrival by the waitlist rule in one statement (issue
 * 21, decision 0822): an UPDATE waits for the row and then reads its latest version, where a lock
 * followed by a count took two statements and a count of the seat rows. It stamps the arrival:
 * now, or 1 ms after the class's latest one, so that arrivals are strictly increasing in the order
 * the lock was taken (first come, first served, 03 §5). seats_taken is kept by triggers (migration
 * 2026-11-27T10-30-00_seat_counter).
 */
const claimArrivalQuery = compiledOnce((db, _shape, p: { classId: string; atMs: number }) =>
  db
    .updateTable('classes')
    .set((eb) => ({
      last_arrival_ms: eb
        .case()
        .when(eb.or([eb('last_arrival_ms', 'is', null), eb('last_arrival_ms', '<', p.atMs)]))
        .then(p.atMs)
        .else(eb('last_arrival_ms', '+', 1))
        .end(),
    }))
    .where('id', '=', p.classId)
    .returning(['seats_waiting', 'last_arrival_ms', ARRIVAL_WAITS.as('is_waiting')]),
);

export async function claimArrival(trx: Transaction<DB>, classId: string, at: Date) {
  const [row] = await claimArrivalQuery(trx, 'default', { classId, atMs: at.getTime() });
  if (!row) return undefined;
  return {
    isWaiting: Number(row.is_waiting),
    waiting: Number(row.seats_waiting),
    arrivalAt: new Date(Number(row.last_arrival_ms)),
  };
}

const insertNewSeatQuery = compiledOnce(
  (
    db,
    _shape,
    p: {
      id: string;
      classId: string;
      memberId: string;
      cancelCode: string;
      isWaiting: number;
      createdAt: string;
    },
  ) =>
    db
      .insertInto('seats')
      .values({
        id: p.id,
        class_id: p.classId,
        member_id: p.memberId,
        cancel_code: p.cancelCode,
        is_waiting: p.isWaiting,
        created_at: p.createdAt,
      })
      .onConflict((oc) => oc.columns(['class_id', 'member_id']).doNothing())
      .returning('id'),
);

/** Inserts a reservation's seat; false when the member already holds one in the class. */
export async function insertNewSeat(
  db: TDb,
  seat: {
    id: string;
    class_id: string;
    member_id: string;
    cancel_code: string;
    is_waiting: number;
    created_at: string;
  },
): Promise<boolean> {
  const rows = await insertNewSeatQuery(db, 'default', {
    id: seat.id,
    classId: seat.class_id,
    memberId: seat.member_id,
    cancelCode: seat.cancel_code,
    isWaiting: seat.is_waiting,
    createdAt: seat.created_at,
  });
  return rows.length === 1;
}

type TOutboxValues = ReturnType<typeof outboxRow>;

const insertMailQuery = compiledOnce((db, _shape, p: TOutboxValues) =>
  db.insertInto('mail_outbox').values(p),
);

/**
 * Queues a reservation's mail (SQLite: inside the reservation's transaction). enqueueMail's
 * statement, compiled once: Kysely built and compiled the 15-column insert on every call, most
 * of the insert's cost once the mail was queued as facts (decision 1116).
 */
export async function insertReservationMail(
  db: TDb,
  mail: TOutgoingMail,
  id: string,
  at: Date,
): Promise<void> {
  await insertMailQuery(db, 'default', outboxRow(mail, id, at));
}

/** What a reservation writes: the seat (its place decided under the lock) and its mail. */
export type TReservationInput = {
  classId: string;
  memberId: string;
  seatId: string;
  cancelCode: string;
  at: Date;
  mailId: string;
  /** The mail of a seat [0] and of a waitlist place [1]. */
  mails: readonly [TOutgoingMail, TOutgoingMail];
};

const MAIL_COLUMNS = [
  'to_address',
  'subject',
  'text_body',
  'html_body',
  'attachments',
  'kind',
  'headers',
  'template',
  'facts',
  'next_attempt_at',
  'created_at',
] as const;

/**
 * PostgreSQL (writesInOneStatement): the whole reservation as one statement, so the class row's
 * lock is held for no round trip (issue 21, decision 0822). The UPDATE takes the lock and reads
 * the seats taken (as claimArrival); the seat is a waitlist place by the waitlist rule
 * (ARRIVAL_WAITS); the seat and its mail are inserted. Nothing comes back when the
 * member already holds a seat in the class: the arrival stamp then moved by 1 ms for nothing,
 * which orders nobody differently. seats_taken and seats_waiting follow the insert by their
 * triggers; waitingBefore is seats_waiting as the lock found it (the places before a new one).
 */
export async function reserveInOneStatement(db: Kysely<DB>, p: TReservationInput) {
  const [seated, waiting] = p.mails.map((m) => outboxRow(m, p.mailId, p.at));
  const mailColumns = MAIL_COLUMNS.map(
    (c) => sql`case seat.is_waiting when 1 then ${waiting![c]} else ${seated![c]} end`,
  );
  const atMs = p.at.getTime();
  const { rows } = await sql<{
    id: string;
    class_id: string;
    member_id: string;
    cancel_code: string;
    is_waiting: number;
    privacy_optin: number | null;
    started_at: string | null;
    created_at: string;
    waiting_before: number;
  }>`
    with arrival as (
      update classes set last_arrival_ms = case
          when last_arrival_ms is null or last_arrival_ms < ${atMs} then ${atMs} else last_arrival_ms + 1 end
        where id = ${p.classId}
        returning id, last_arrival_ms, seats_waiting, ${ARRIVAL_WAITS} as is_waiting
    ), seat as (
      insert into seats (id, class_id, member_id, cancel_code, is_waiting, created_at)
        select ${p.seatId}, arrival.id, ${p.memberId}, ${p.cancelCode}, arrival.is_waiting,
          ${postgresIsoFromEpochMs(sql.ref('arrival.last_arrival_ms'))}
        from arrival
        on conflict (class_id, member_id) do nothing
        returning id, class_id, member_id, cancel_code, is_waiting, privacy_optin, started_at, created_at
    ), mail as (
      insert into mail_outbox (id, ${sql.join(MAIL_COLUMNS.map((c) => sql.ref(c)))})
        select ${p.mailId}, ${sql.join(mailColumns)} from seat
        returning id
    )
    select seat.*, arrival.seats_waiting as waiting_before
      from seat, arrival where exists (select 1 from mail)`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { waiting_before: waitingBefore, ...seat } = row;
  return { seat, waitingBefore: Number(waitingBefore) };
}

const maileeQuery = compiledOnce((db, _shape, p: { memberId: string }) =>
  db
    .selectFrom('members')
    .select(['id', 'hash', 'email', 'firstname', 'lastname', 'time_zone'])
    .where('id', '=', p.memberId)
    .where('erased_at', 'is', null),
);

/** What a mail to a member needs; null for an erased member. */
export async function selectMailee(db: TDb, memberId: string) {
  const [row] = await maileeQuery(db, 'default', { memberId });
  return row;
}
export type TMailee = NonNullable<Awaited<ReturnType<typeof selectMailee>>>;

/** Stores the privacy opt-in answer on the member's seat; false when there is no seat. */
export async function updatePrivacyOptin(
  db: TDb,
  memberId: string,
  classId: string,
  optin: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('seats')
    .set({ privacy_optin: optin ? 1 : 0 })
    .where('member_id', '=', memberId)
    .where('class_id', '=', classId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the first start on the seat; later starts keep it. */
export async function markSeatStarted(db: TDb, seatId: string, at: string): Promise<void> {
  await db
    .updateTable('seats')
    .set({ started_at: at })
    .where('id', '=', seatId)
    .where('started_at', 'is', null)
    .execute();
}

/**
 * The member's gradebook row for the class with its start recorded (the first start is kept).
 * Self-study until the attendance confirmation decides (03 §5; docs/decisions/0404).
 */
export async function upsertGradebookStart(
  db: TDb,
  row: { id: string; memberId: string; classId: string; ceTypeId: number; at: string },
): Promise<string> {
  const saved = await db
    .insertInto('gradebook')
    .values({
      id: row.id,
      member_id: row.memberId,
      class_id: row.classId,
      ce_type_id: row.ceTypeId,
      started_at: row.at,
      created_at: row.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'class_id'])
        .doUpdateSet((eb) => ({ started_at: eb.fn.coalesce('gradebook.started_at', eb.val(row.at)) })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

/** A seat by its cancel code, with its class. */
export async function selectSeatByCode(db: TDb, code: string) {
  return db
    .selectFrom('seats')
    .innerJoin('classes', 'classes.id', 'seats.class_id')
    .select([...seatColumns, 'classes.hash as class_hash'])
    .where('seats.cancel_code', '=', code)
    .executeTakeFirst();
}

export async function deleteSeat(db: TDb, seatId: string): Promise<void> {
  await db.deleteFrom('seats').where('id', '=', seatId).execute();
}

/** The member's seats and waitlist places on live classes, soonest first. */
export async function selectMemberSeats(db: TDb, memberId: string) {
  return memberSeatsFrom(db, memberId)
    .select([...webinarFactColumns, 'seats.cancel_code', 'seats.is_waiting'])
    .orderBy('classes.release_at')
    .execute();
}

/**
 * GET /api/seats in one statement (issue 21): the session of a token hash with its member
 * (SESSION_COLUMNS, for acceptSession) and the member's seats, one row per seat, or one row
 * without a seat when there is none; no row when no session has the hash. Every seat is
 * left-joined, so a seat whose class is not a published live class comes back without its
 * class (hash null) and is left out by the caller: filtering it here would lose the session
 * row of a member who has only such seats. SQLite reads the tables in the order written (the
 * right side of a LEFT JOIN stays inner), so it reads only the member's seats (decision 0815).
 */
const sessionSeatsQuery = compiledOnce((db, _shape, p: { tokenHash: string }) =>
  db
    .selectFrom('sessions as ses')
    .innerJoin('members as m', 'm.id', 'ses.member_id')
    .leftJoin('seats', 'seats.member_id', 'm.id')
    .leftJoin('classes', (join) =>
      join
        .onRef('classes.id', '=', 'seats.class_id')
        .on('classes.type_id', '=', ClassType.LIVE)
        .on('classes.is_published', '=', 1),
    )
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .select([...SESSION_COLUMNS, ...webinarFactColumns, 'seats.cancel_code', 'seats.is_waiting'])
    .where('ses.token_hash', '=', p.tokenHash)
    .orderBy('classes.release_at'),
);

type TSessionSeatRow = Awaited<ReturnType<typeof sessionSeatsQuery>>[number];
export type TMemberSeatRow = Awaited<ReturnType<typeof selectMemberSeats>>[number];

/**
 * The session of a token hash (undefined when none) and its member's seats on published live
 * classes, soonest first: selectMemberSeats with the session, in one statement.
 */
export async function selectSessionSeats(
  db: TDb,
  tokenHash: string,
): Promise<{ session: TSessionColumns; seats: TMemberSeatRow[] } | undefined> {
  const rows = await sessionSeatsQuery(db, 'default', { tokenHash });
  if (!rows[0]) return undefined;
  const hasClass = (row: TSessionSeatRow) => row.hash !== null && row.cancel_code !== null;
  // A row with its class joined has every column selectMemberSeats gives (the class's are not null).
  return { session: rows[0], seats: rows.filter(hasClass) as TMemberSeatRow[] };
}
