import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import QRCode from 'qrcode';
import {
  acceptedScanWindows,
  doorCodeText,
  readDoorCode,
  SCAN_MAC_LENGTH,
  SCAN_ROTATION_MIN,
  scanWindowAt,
  scanWindowEndsAt,
  ScanTexts,
  studentName,
  type TScanDirection,
} from '@opence/shared';
import type {
  TAdminEventScansResponse,
  TDoorCodesResponse,
  TEvaluationForm,
  TScanCorrectionRequest,
  TScanningRequest,
  TScanningResponse,
  TScanResponse,
} from '@opence/shared/schemas';
import { CLAIM_CODE_ALPHABET } from '@opence/shared/schemas';
import { lockForUpdate, type TDialectName } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import { recordAudit } from '../../domain/audit.ts';
import { insertEvaluation } from '../../domain/evaluations.ts';
import { conflict, notFound, rateLimited } from '../../lib/api-errors.ts';
import { hashToken, newId, nowIso } from '../../lib/ids.ts';
import { hitRateLimit, releaseRateLimit } from '../../lib/rate-limit.ts';
import { insertEventCredit } from './events.credit.ts';
import { buildEventEvidence, decideScans, eventEvidencePage } from './events.evidence.ts';
import * as repo from './events.scans.repo.ts';

/*
 * In-person scan-in and scan-out (issue 42, docs/decisions/1155–1157). The door screen shows an
 * entry and an exit code that are an HMAC of the event, the direction and the five-minute window
 * with the event's own secret; a scan is taken with the current or the previous window's code.
 * The member's credit is made once their kept scan-in and scan-out are the event's minimum
 * apart; staff correct a scan with a reason, logged in the audit log and kept on the scan.
 */

const MINUTE = 60_000;
/** Wrong door codes per member and per address in 15 minutes, as for claim codes. */
const SCAN_MEMBER_LIMIT = { hits: 10, windowMs: 15 * MINUTE };
const SCAN_ADDRESS_LIMIT = { hits: 100, windowMs: 15 * MINUTE };
/** How far back a code is still known as this event's, to say it rotated rather than that it is wrong. */
const EXPIRED_WINDOWS_KNOWN = 12;

type TScanEvent = repo.TScanEventRow;

/** The HMAC part of a door code: SCAN_MAC_LENGTH characters of the claim code alphabet. */
function doorMac(secret: string, eventId: string, direction: TScanDirection, window: number): string {
  const digest = createHmac('sha256', secret).update(`${eventId}:${direction}:${window}`).digest();
  let mac = '';
  for (let i = 0; i < SCAN_MAC_LENGTH; i++)
    mac += CLAIM_CODE_ALPHABET[digest[i]! % CLAIM_CODE_ALPHABET.length];
  return mac;
}

export function createScansService(deps: {
  db: Kysely<DB>;
  dialect: TDialectName;
  publicUrl: string;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const publicUrl = deps.publicUrl.replace(/\/$/, '');

  async function countWrongCode(memberId: string, ip: string): Promise<void> {
    const keys = [`scan:ip:${hashToken(ip)}`, `scan:member:${memberId}`];
    const limits = [SCAN_ADDRESS_LIMIT, SCAN_MEMBER_LIMIT];
    const hits = await Promise.all(
      keys.map((k, i) => hitRateLimit(db, k, limits[i]!.hits, limits[i]!.windowMs, now())),
    );
    if (hits.some((h) => !h.allowed)) throw rateLimited();
  }

  /** The event a door code names and its direction; refuses a wrong, a rotated or a non-scanning code. */
  async function eventOfDoorCode(memberId: string, raw: string, ip: string, at: Date) {
    const door = readDoorCode(raw);
    const event = door ? await repo.selectScanEventByCode(db, door.eventCode) : undefined;
    if (!door || !event || !event.scan_secret) {
      await countWrongCode(memberId, ip);
      throw notFound(ScanTexts.CODE_WRONG);
    }
    if (!event.is_scanning) throw conflict(ScanTexts.NOT_SCANNING);
    const macOf = (window: number) => doorMac(event.scan_secret!, event.id, door.direction, window);
    if (acceptedScanWindows(at).some((w) => macOf(w) === door.mac)) {
      await Promise.all(
        [`scan:ip:${hashToken(ip)}`, `scan:member:${memberId}`].map((k) => releaseRateLimit(db, k)),
      );
      return { event, direction: door.direction };
    }
    const current = scanWindowAt(at);
    const isOld = Array.from({ length: EXPIRED_WINDOWS_KNOWN }, (_, i) => current - 2 - i).some(
      (w) => macOf(w) === door.mac,
    );
    await countWrongCode(memberId, ip);
    throw isOld ? conflict(ScanTexts.CODE_EXPIRED) : notFound(ScanTexts.CODE_WRONG);
  }

  /**
   * Records one scan in the caller's transaction. An exit needs a kept entry; an entry after a
   * kept exit is refused (1157). Returns whether it counted (false: the same direction was kept).
   */
  async function record(
    trx: Transaction<DB>,
    event: TScanEvent,
    memberId: string,
    direction: TScanDirection,
    atIso: string,
    method: 'code' | 'claim',
  ): Promise<boolean> {
    const scans = await repo.selectMemberScans(trx, event.id, memberId);
    const keptOf = (d: TScanDirection) => scans.some((s) => s.direction === d && s.removed_at === null);
    if (keptOf(direction)) return false;
    if (direction === 'out' && !keptOf('in')) throw conflict(ScanTexts.OUT_BEFORE_IN);
    if (direction === 'in' && keptOf('out')) throw conflict(ScanTexts.IN_AFTER_OUT);
    return repo.insertScan(trx, {
      id: newId(),
      event_id: event.id,
      member_id: memberId,
      direction,
      scanned_at: atIso,
      method,
      reason: null,
      staff_id: null,
      created_at: atIso,
    });
  }

  /**
   * Makes the member's credit once their kept scans meet the event's minimum, under the class
   * row's lock so concurrent scans make one. Returns the certificate number, if there is one.
   */
  async function creditIfMet(trx: Transaction<DB>, event: TScanEvent, memberId: string, atIso: string) {
    await lockForUpdate(
      deps.dialect,
      trx.selectFrom('classes').select('id').where('id', '=', event.class_id),
    ).execute();
    const issued = await repo.selectCreditNumber(trx, event.id, memberId);
    if (issued) return issued;
    const scans = await repo.selectMemberScans(trx, event.id, memberId);
    if (decideScans(event, scans).decision !== 'live') return null;
    return insertEventCredit(trx, event, memberId, atIso);
  }

  async function answer(event: TScanEvent, memberId: string, direction: TScanDirection, isNew: boolean) {
    const scans = await repo.selectMemberScans(db, event.id, memberId);
    const kept = scans.find((s) => s.direction === direction && s.removed_at === null);
    return {
      status: true,
      outcome: isNew ? ('recorded' as const) : ('duplicate' as const),
      direction,
      scannedAt: kept!.scanned_at,
      evidence: buildEventEvidence(event, scans),
      certificateNumber: await repo.selectCreditNumber(db, event.id, memberId),
    };
  }

  async function eventFor(eventId: string): Promise<TScanEvent> {
    const event = await repo.selectScanEventById(db, eventId);
    if (!event) throw notFound();
    return event;
  }

  function doorCode(event: TScanEvent, direction: TScanDirection, window: number) {
    const text = doorCodeText(
      event.code,
      direction,
      doorMac(event.scan_secret!, event.id, direction, window),
    );
    return { code: text, url: `${publicUrl}/scan/${text.replace(/-/g, '')}` };
  }

  /** The evidence behind a certificate of an event that uses scanning (verify page, audit pack). */
  async function evidenceOfCompletion(completionId: string) {
    const event = await repo.selectScanEventOfCompletion(db, completionId);
    if (!event || !event.is_scanning) return null;
    // A claim made before staff turned scanning on has no scans: its credit rests on the claim.
    const scans = await repo.selectMemberScans(db, event.id, event.member_id);
    return scans.length > 0 ? buildEventEvidence(event, scans) : null;
  }

  return {
    /** POST /api/event-scan: a member's scan of a door code. */
    async scan(memberId: string, code: string, ip: string): Promise<TScanResponse> {
      const at = now();
      const { event, direction } = await eventOfDoorCode(memberId, code, ip, at);
      const atIso = nowIso(at);
      const isNew = await db.transaction().execute(async (trx) => {
        const recorded = await record(trx, event, memberId, direction, atIso, 'code');
        if (recorded && direction === 'out') await creditIfMet(trx, event, memberId, atIso);
        return recorded;
      });
      return answer(event, memberId, direction, isNew);
    },

    /** A claim of an event that uses scanning (issue 25's code): the evaluation, and the entry. */
    async entryByClaim(memberId: string, eventId: string, form: TEvaluationForm): Promise<string> {
      const event = await eventFor(eventId);
      const atIso = nowIso(now());
      return db.transaction().execute(async (trx) => {
        if (!(await record(trx, event, memberId, 'in', atIso, 'claim')))
          throw conflict(ScanTexts.CLAIM_ALREADY_IN);
        await insertEvaluation(trx, form, { memberId, classId: event.class_id, podcastId: null, at: atIso });
        return atIso;
      });
    },

    /** The member's kept entry at an event, for the claim page of a scanning event. */
    async entryOf(memberId: string, eventId: string): Promise<string | null> {
      const scans = await repo.selectMemberScans(db, eventId, memberId);
      return scans.find((s) => s.direction === 'in' && s.removed_at === null)?.scanned_at ?? null;
    },

    /** PUT /api/admin/in-person-events/:id/scanning: on or off, and the minimum presence. */
    async setScanning(staffId: string, eventId: string, body: TScanningRequest): Promise<TScanningResponse> {
      const event = await eventFor(eventId);
      await db.transaction().execute(async (trx) => {
        await repo.updateScanning(trx, eventId, {
          is_scanning: body.isScanning ? 1 : 0,
          min_presence_min: body.minPresenceMin,
          // One secret per event, made once: the codes shown stay valid when settings change.
          scan_secret: event.scan_secret ?? randomBytes(32).toString('base64url'),
        });
        await recordAudit(
          trx,
          {
            actorId: staffId,
            action: 'event.scanning',
            entity: 'in_person_event',
            entityId: eventId,
            detail: { isScanning: body.isScanning, minPresenceMin: body.minPresenceMin },
          },
          now(),
        );
      });
      return { status: true, isScanning: body.isScanning, minPresenceMin: body.minPresenceMin };
    },

    /** GET /api/admin/in-person-events/:id/door-codes: the current window's codes and their QR. */
    async doorCodes(eventId: string): Promise<TDoorCodesResponse> {
      const event = await eventFor(eventId);
      if (!event.is_scanning || !event.scan_secret) throw conflict(ScanTexts.NOT_SCANNING);
      const at = now();
      const window = scanWindowAt(at);
      const withQr = async (direction: TScanDirection) => {
        const shown = doorCode(event, direction, window);
        return Object.assign(shown, { qrSvg: await QRCode.toString(shown.url, { type: 'svg', margin: 1 }) });
      };
      return {
        status: true,
        title: event.title,
        rotationMin: SCAN_ROTATION_MIN,
        windowEndsAt: scanWindowEndsAt(at),
        entry: await withQr('in'),
        exit: await withQr('out'),
      };
    },

    /** GET /api/admin/in-person-events/:id/scans: each member who scanned, with their evidence. */
    async eventScans(eventId: string): Promise<TAdminEventScansResponse> {
      const event = await eventFor(eventId);
      const rows = await repo.selectEventScans(db, eventId);
      const credits = new Map(
        (await repo.selectCreditNumbers(db, eventId)).map((c) => [c.member_id, c.certificate_number]),
      );
      const byMember = new Map<string, typeof rows>();
      for (const row of rows) byMember.set(row.member_id, [...(byMember.get(row.member_id) ?? []), row]);
      return {
        status: true,
        isScanning: Boolean(event.is_scanning),
        minPresenceMin: event.min_presence_min === null ? null : Number(event.min_presence_min),
        data: [...byMember].map(([memberId, scans]) => ({
          memberId,
          name: studentName(scans[0]!.firstname, scans[0]!.lastname),
          email: scans[0]!.email,
          certificateNumber: credits.get(memberId) ?? null,
          evidence: buildEventEvidence(event, scans),
          correctedBy: Object.fromEntries(
            scans.flatMap((s) => [
              ...(s.staff_id ? [[s.id, studentName(s.staff_firstname ?? '', s.staff_lastname ?? '')]] : []),
              ...(s.removed_by
                ? [[`${s.id}:removed`, studentName(s.remover_firstname ?? '', s.remover_lastname ?? '')]]
                : []),
            ]),
          ),
        })),
      };
    },

    /**
     * POST /api/admin/in-person-events/:id/scan-corrections: a missing scan added or a wrong one
     * removed, with the reason, logged. A change that would take away credit already issued is
     * refused: the certificate is revoked first (1157).
     */
    async correct(staffId: string, eventId: string, body: TScanCorrectionRequest) {
      const event = await eventFor(eventId);
      const at = now();
      const atIso = nowIso(at);
      const memberId = await db.transaction().execute(async (trx) => {
        await lockForUpdate(
          deps.dialect,
          trx.selectFrom('classes').select('id').where('id', '=', event.class_id),
        ).execute();
        const target =
          body.action === 'add'
            ? { memberId: body.memberId }
            : await repo
                .selectScanById(trx, eventId, body.scanId)
                .then((s) => (s ? { memberId: s.member_id } : null));
        if (!target) throw notFound();
        const scans = await repo.selectMemberScans(trx, eventId, target.memberId);
        if (scans.length === 0) throw notFound(ScanTexts.CORRECTION_NO_MEMBER);
        if (body.action === 'add') {
          const isAdded = await repo.insertScan(trx, {
            id: newId(),
            event_id: eventId,
            member_id: body.memberId,
            direction: body.direction,
            scanned_at: new Date(body.at).toISOString(),
            method: 'correction',
            reason: body.reason,
            staff_id: staffId,
            created_at: atIso,
          });
          if (!isAdded)
            throw conflict(
              ScanTexts.CORRECTION_TAKEN.replace(
                '{direction}',
                body.direction === 'in' ? 'scan-in' : 'scan-out',
              ),
            );
        } else if (
          !(await repo.removeScan(trx, eventId, body.scanId, {
            removed_at: atIso,
            removed_by: staffId,
            removed_reason: body.reason,
          }))
        )
          throw notFound();
        const issued = await repo.selectCreditNumber(trx, eventId, target.memberId);
        const after = decideScans(event, await repo.selectMemberScans(trx, eventId, target.memberId));
        if (issued && after.decision !== 'live') throw conflict(ScanTexts.CORRECTION_ISSUED);
        // Dated by the presence it rests on (the kept scan-out), not by the day staff corrected it.
        if (!issued && after.decision === 'live')
          await insertEventCredit(trx, event, target.memberId, after.to ?? atIso);
        await recordAudit(
          trx,
          {
            actorId: staffId,
            action: `event.scan.${body.action}`,
            entity: 'in_person_event',
            entityId: eventId,
            detail: Object.assign(
              { memberId: target.memberId, reason: body.reason },
              body.action === 'add' ? { direction: body.direction, at: body.at } : { scanId: body.scanId },
            ),
          },
          at,
        );
        return target.memberId;
      });
      const scans = await repo.selectMemberScans(db, eventId, memberId);
      return {
        status: true,
        evidence: buildEventEvidence(event, scans),
        certificateNumber: await repo.selectCreditNumber(db, eventId, memberId),
      };
    },

    evidenceOfCompletion,

    /** The audit pack's page of a certificate of an event that uses scanning, or null. */
    async evidencePageOf(completionId: string, certificateNumber: string) {
      const evidence = await evidenceOfCompletion(completionId);
      return evidence ? eventEvidencePage(evidence, certificateNumber) : null;
    },
  };
}
export type TScansService = ReturnType<typeof createScansService>;
