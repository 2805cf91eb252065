import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CeType,
  certificatePdfUrl,
  ClaimTexts,
  ClassType,
  DEFAULT_TIME_ZONE,
  claimRefusalText,
  claimWindow,
  claimWindowDays,
  claimWindowState,
  studentName,
  Texts,
  type TClaimWindow,
} from '@opence/shared';
import type {
  TClaimedEventResponse,
  TClaimLookupResponse,
  TClaimPreviewResponse,
  TClaimResponse,
  TCreateEventRequest,
  TAdminEvent,
} from '@opence/shared/schemas';
import { CLAIM_CODE_ALPHABET, type TEvaluationForm } from '@opence/shared/schemas';
import { lockForUpdate, type TDialectName } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import { hashToken, newId, newPublicHash, nowIso } from '../../lib/ids.ts';
import { recordAudit } from '../../domain/audit.ts';
import { insertEvaluation } from '../../domain/evaluations.ts';
import { hitRateLimit, releaseRateLimit } from '../../lib/rate-limit.ts';
import { ApiError, badRequest, conflict, notFound, rateLimited } from '../../lib/api-errors.ts';
import { insertEventCredit } from './events.credit.ts';
import * as repo from './events.repo.ts';
import type { TScansService } from './events.scans.service.ts';

/*
 * In-person events (issue 25, docs/decisions/0413): a member claims an event's CE by its code
 * within the claim window, once, while places last; the claim writes the evaluation and a
 * completion of the event's class, so the certificate, CE Completed, the transcript and the
 * AGD weekly submission treat it like any other. Wrong codes are limited per member and per
 * address (a room shares one address, so that limit is high).
 */

const MINUTE = 60_000;
/** Wrong codes per member, and per address, in 15 minutes. */
export const CLAIM_MEMBER_LIMIT = { hits: 10, windowMs: 15 * MINUTE };
export const CLAIM_ADDRESS_LIMIT = { hits: 100, windowMs: 15 * MINUTE };
const CODE_LENGTH = 6;

/** The text a check refuses with (an ApiError's), or null when it passes. */
async function refusalOf(check: () => unknown): Promise<string | null> {
  try {
    await check();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
}

export function newClaimCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)];
  return code;
}

export function createEventsService(deps: {
  db: Kysely<DB>;
  dialect: TDialectName;
  publicUrl: string;
  /** Site settings (the claim window's days) through the site's short cache. */
  settings: () => Promise<Record<string, string>>;
  /** Scan-in and scan-out (issue 42): a claim of an event that uses scanning is its entry. */
  scans: Pick<TScansService, 'entryByClaim' | 'entryOf'>;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const publicUrl = deps.publicUrl.replace(/\/$/, '');
  const claimUrl = (code: string) => `${publicUrl}/claim/${code}`;

  /**
   * Counts the attempt; an attempt that finds an event gives its hits back (only wrong codes
   * count). A visitor (no member: the poster's link before sign-in) is counted by address only.
   */
  async function findByCode(memberId: string | null, code: string, ip: string): Promise<repo.TEventRow> {
    const keys = [`claim:ip:${hashToken(ip)}`, ...(memberId ? [`claim:member:${memberId}`] : [])];
    const limits = [CLAIM_ADDRESS_LIMIT, CLAIM_MEMBER_LIMIT];
    const hits = await Promise.all(
      keys.map((k, i) => hitRateLimit(db, k, limits[i]!.hits, limits[i]!.windowMs, now())),
    );
    if (hits.some((h) => !h.allowed)) throw rateLimited();
    const event = await repo.selectEventByCode(db, code);
    if (!event) throw notFound(Texts.CLAIM_CODE_WRONG);
    await Promise.all(keys.map((k) => releaseRateLimit(db, k)));
    return event;
  }

  /** The event's claim window: from its start to the days after it that staff set (decision 1042). */
  async function windowOf(startsAt: string): Promise<TClaimWindow> {
    return claimWindow(startsAt, claimWindowDays((await deps.settings()).claimWindowDays));
  }

  /**
   * Refuses a claim outside the window, saying from or until which day (in the member's zone; a
   * visitor's in the site's).
   */
  async function assertOpen(event: repo.TEventRow, memberId: string | null, at: Date): Promise<void> {
    const window = await windowOf(event.release_at);
    const state = claimWindowState(window, at);
    if (state === 'open') return;
    const zone = memberId ? await repo.selectMemberZone(db, memberId) : null;
    throw conflict(claimRefusalText(state, window, zone || DEFAULT_TIME_ZONE));
  }

  async function present(event: repo.TEventRow) {
    const topics = await repo.selectClassTopics(db, [event.class_id]);
    const window = await windowOf(event.release_at);
    return {
      title: event.title,
      speakerName: event.speaker_name,
      sponsorName: event.company_name,
      date: event.release_at,
      place: event.place,
      credits: Number(event.credits),
      agdCode: event.agd_code,
      courseNumber: event.course_number,
      claimClosesAt: window.closesAt,
      topics: topics.map((t) => t.label),
    };
  }

  /**
   * Why a claim of this event would be refused now (the window, the places), in the claim's own
   * words, or null: the claim page shows it before anyone fills in the form (issue 36).
   */
  async function claimRefusal(event: repo.TEventRow, memberId: string | null): Promise<string | null> {
    const refusal = await refusalOf(() => assertOpen(event, memberId, now()));
    if (refusal) return refusal;
    if (event.capacity !== null && (await repo.countClaims(db, event.id)) >= Number(event.capacity))
      return Texts.CLAIM_FULL;
    return null;
  }

  type TListedEvent = Awaited<ReturnType<typeof repo.selectEvents>>[number];

  function presentAdmin(e: TListedEvent, topics: string[], days: number): TAdminEvent {
    const window = claimWindow(e.release_at, days);
    return {
      id: e.id,
      classId: e.class_id,
      title: e.title,
      code: e.code,
      place: e.place,
      date: e.release_at,
      claimOpensAt: window.opensAt,
      claimClosesAt: window.closesAt,
      capacity: e.capacity === null ? null : Number(e.capacity),
      claims: Number(e.claims ?? 0),
      claimUrl: claimUrl(e.code),
      speakerId: e.speaker_id,
      companyId: e.company_id,
      durationMin: Number(e.duration_min),
      description: e.description || null,
      credits: Number(e.credits),
      agdCode: e.agd_code,
      agdCategory: e.agd_category,
      courseNumber: e.course_number,
      topics,
      claimWindow: claimWindowState(window, now()),
    };
  }

  /** Events with their topic codes, from one query for all of them. */
  async function listed(id?: string): Promise<TAdminEvent[]> {
    const rows = await repo.selectEvents(db, id);
    const topics = await repo.selectClassTopics(
      db,
      rows.map((r) => r.class_id),
    );
    const days = claimWindowDays((await deps.settings()).claimWindowDays);
    return rows.map((r) =>
      presentAdmin(
        r,
        topics.filter((t) => t.class_id === r.class_id).map((t) => t.topic_code),
        days,
      ),
    );
  }

  /** What staff chose: a speaker, a sponsor and topics that exist (a 400 naming the field). */
  async function checkChoices(body: TCreateEventRequest): Promise<void> {
    if (body.speakerId && !(await repo.rowExists(db, 'speakers', body.speakerId)))
      throw badRequest(Texts.NOT_FOUND, 'speakerId');
    if (body.companyId && !(await repo.rowExists(db, 'companies', body.companyId)))
      throw badRequest(Texts.NOT_FOUND, 'companyId');
    if ((await repo.unknownTopics(db, body.topics)).length > 0)
      throw badRequest('Choose topics from the list.', 'topics');
  }

  /** The class row's fields the form sets. */
  function classFields(body: TCreateEventRequest, at: string) {
    return {
      title: body.title,
      blurb: body.place,
      description: body.description ?? '',
      release_at: new Date(body.date).toISOString(),
      duration_min: body.durationMin,
      credits: body.credits,
      speaker_id: body.speakerId ?? null,
      company_id: body.companyId ?? null,
      agd_code: body.agdCode || null,
      agd_category: body.agdCategory || null,
      course_number: body.courseNumber || null,
      updated_at: at,
    };
  }

  function eventFields(body: TCreateEventRequest) {
    return { place: body.place, capacity: body.capacity ?? null };
  }

  return {
    /** GET /api/claim-event: what the code names, and whether the member claimed it already. */
    async lookup(memberId: string, code: string, ip: string): Promise<TClaimLookupResponse> {
      const event = await findByCode(memberId, code, ip);
      const claim = await repo.selectClaim(db, event.id, memberId);
      if (!claim) await assertOpen(event, memberId, now());
      return {
        status: true,
        event: await present(event),
        claimed: Boolean(claim),
        certificateNumber: claim?.certificate_number ?? null,
      };
    },

    /**
     * GET /api/claim-event-preview (issue 36): what a code names, for a visitor (the poster's QR
     * link before sign-in) or a member, and why a claim would be refused now, if it would.
     */
    async preview(memberId: string | null, code: string, ip: string): Promise<TClaimPreviewResponse> {
      const event = await findByCode(memberId, code, ip);
      const claim = memberId ? await repo.selectClaim(db, event.id, memberId) : undefined;
      const found = {
        status: true,
        event: await present(event),
        isMember: memberId !== null,
        claimed: Boolean(claim),
        certificateNumber: claim?.certificate_number ?? null,
        c: claim ? event.class_hash : null,
        refusal: claim ? null : await claimRefusal(event, memberId),
      };
      // Issue 42: an event that uses scanning says so, with the member's entry if there is one.
      if (!event.is_scanning) return found;
      const scannedInAt = memberId ? await deps.scans.entryOf(memberId, event.id) : null;
      return Object.assign(found, { isScanning: true, scannedInAt });
    },

    /** GET /api/claimed-event (issue 36): one of the member's claimed events, for its own page. */
    async claimedEvent(memberId: string, classHash: string): Promise<TClaimedEventResponse> {
      const claim = await repo.selectMemberClaimByClass(db, memberId, classHash);
      const event = claim ? await repo.selectEventByCode(db, claim.code) : undefined;
      if (!claim || !event) throw notFound(ClaimTexts.DETAIL_NOT_FOUND);
      return {
        status: true,
        c: event.class_hash,
        event: Object.assign(await present(event), {
          durationMin: Number(claim.duration_min),
          description: claim.description,
        }),
        claimedAt: claim.created_at,
        certificateNumber: claim.certificate_number,
        certUrl: certificatePdfUrl(publicUrl, claim.certificate_number),
      };
    },

    /** POST /api/claim-event: attendance confirmed and evaluation given, the completion is made. */
    async claim(memberId: string, code: string, form: TEvaluationForm, ip: string): Promise<TClaimResponse> {
      const event = await findByCode(memberId, code, ip);
      const at = now();
      await assertOpen(event, memberId, at);
      if (event.is_scanning) {
        const scannedInAt = await deps.scans.entryByClaim(memberId, event.id, form);
        return { status: true, c: event.class_hash, certificateNumber: null, scannedInAt };
      }
      return db.transaction().execute(async (trx) => {
        // The class row is the lock: capacity holds whatever the concurrency.
        await lockForUpdate(
          deps.dialect,
          trx.selectFrom('classes').select('id').where('id', '=', event.class_id),
        ).execute();
        if (await repo.selectClaim(trx, event.id, memberId)) throw conflict(Texts.CLAIM_ALREADY);
        if (event.capacity !== null && (await repo.countClaims(trx, event.id)) >= Number(event.capacity))
          throw conflict(Texts.CLAIM_FULL);
        const atIso = nowIso(at);
        await insertEvaluation(trx, form, {
          memberId,
          classId: event.class_id,
          podcastId: null,
          at: atIso,
        });
        const certificateNumber = await insertEventCredit(trx, event, memberId, atIso);
        if (!certificateNumber) throw conflict(Texts.CLAIM_ALREADY);
        return { status: true, c: event.class_hash, certificateNumber };
      });
    },

    /** POST /api/admin/in-person-events: the event's class (not in the catalog) and its claim code. */
    async create(staffId: string, body: TCreateEventRequest): Promise<TAdminEvent> {
      await checkChoices(body);
      let code = newClaimCode();
      while (await repo.isCodeTaken(db, code)) code = newClaimCode();
      const at = nowIso(now());
      const classId = newId();
      const eventId = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertEventClass(
          trx,
          Object.assign(
            {
              id: classId,
              hash: newPublicHash(),
              slug: `event-${code.toLowerCase()}-${classId.slice(-6).toLowerCase()}`,
              type_id: ClassType.SEMINAR,
              ce_type_id: CeType.LIVE,
              youtube_url: null,
              is_published: 0,
              created_at: at,
            },
            classFields(body, at),
          ),
          Object.assign(
            { id: eventId, class_id: classId, code, created_by: staffId, created_at: at },
            eventFields(body),
          ),
        );
        await repo.replaceClassTopics(trx, classId, body.topics);
        await recordAudit(
          trx,
          {
            actorId: staffId,
            action: 'event.create',
            entity: 'in_person_event',
            entityId: eventId,
            detail: { title: body.title, code },
          },
          now(),
        );
      });
      return (await listed(eventId))[0]!;
    },

    /**
     * PUT /api/admin/in-person-events/:id: the same form; the code stays. Claims made keep their
     * completion as it was; capacity cannot drop below the claims made.
     */
    async update(staffId: string, eventId: string, body: TCreateEventRequest): Promise<TAdminEvent> {
      const event = await repo.selectEventById(db, eventId);
      if (!event) throw notFound();
      await checkChoices(body);
      const at = nowIso(now());
      await db.transaction().execute(async (trx) => {
        // The class row is the claims' lock too: a claim cannot slip in under a lowered capacity.
        await lockForUpdate(
          deps.dialect,
          trx.selectFrom('classes').select('id').where('id', '=', event.class_id),
        ).execute();
        const claims = await repo.countClaims(trx, eventId);
        if (body.capacity != null && body.capacity < claims)
          throw badRequest(`Capacity cannot be below the ${claims} claims made.`, 'capacity');
        await repo.updateEventClass(trx, event.class_id, classFields(body, at), eventFields(body), eventId);
        await repo.replaceClassTopics(trx, event.class_id, body.topics);
        await recordAudit(
          trx,
          {
            actorId: staffId,
            action: 'event.update',
            entity: 'in_person_event',
            entityId: eventId,
            detail: { title: body.title, code: event.code },
          },
          now(),
        );
      });
      return (await listed(eventId))[0]!;
    },

    async list(): Promise<TAdminEvent[]> {
      return listed();
    },

    async get(eventId: string): Promise<TAdminEvent> {
      const found = (await listed(eventId))[0];
      if (!found) throw notFound();
      return found;
    },

    /** The controlled topic list, for the form's choices. */
    async topicOptions() {
      return repo.selectTopicOptions(db);
    },

    async claims(eventId: string) {
      if (!(await repo.selectEventById(db, eventId))) throw notFound();
      return (await repo.selectEventClaims(db, eventId)).map((c) => ({
        name: studentName(c.firstname, c.lastname),
        email: c.email,
        agdNumber: c.agd_number,
        claimedAt: c.created_at,
        certificateNumber: c.certificate_number,
      }));
    },

    async event(eventId: string) {
      const event = await repo.selectEventById(db, eventId);
      if (!event) throw notFound();
      return Object.assign({}, event, { claimUrl: claimUrl(event.code) });
    },
  };
}
export type TEventsService = ReturnType<typeof createEventsService>;
