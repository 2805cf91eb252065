import type { Kysely } from 'kysely';
import { LIVE_POLL_PULSE_TTL_MS, Texts } from '@opence/shared';
import type {
  TAdminPollsResponse,
  TCreditRuleRequest,
  TLivePollPulseResponse,
  TLivePollResponse,
  TPollAnswerRequest,
  TPollAnswerResponse,
  TPollDraft,
  TWebinarEvidence,
} from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { recordAudit } from '../../domain/audit.ts';
import { selectWebinarEvidence } from '../../domain/webinar-evidence.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/api-errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { createTtlCache } from '../../lib/public-cache.ts';
import { presentAdminPolls } from './webinar-evidence.presenter.ts';
import * as repo from './webinar-evidence.repo.ts';

/*
 * Webinar evidence (issue 42, docs/decisions/1150–1153): staff prepare a webinar's polls and its
 * credit rule; the presenter opens and closes each poll; a member with a seat answers the open
 * one once. Every time is the server's: the member's clock never dates an answer.
 */
export function createWebinarEvidenceService(deps: { db: Kysely<DB>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function webinarOr404(hash: string) {
    const webinar = await repo.selectWebinar(db, hash);
    if (!webinar) throw notFound(Texts.NOT_A_WEBINAR);
    return webinar;
  }

  async function pollsOf(hash: string): Promise<TAdminPollsResponse> {
    const webinar = await webinarOr404(hash);
    const [polls, counts] = await Promise.all([
      repo.selectPolls(db, webinar.id),
      repo.countAnswers(db, webinar.id),
    ]);
    return presentAdminPolls(
      webinar,
      polls,
      new Map(counts.map((c) => [`${c.poll_id}:${c.choice}`, Number(c.n)])),
    );
  }

  /*
   * The room asks which poll is open every 4 s per attendee: 7,500 requests a second at a
   * 30,000-attendee webinar. Each is answered from memory, with no session and no statement,
   * and the member's own call (seat, poll, answer) follows only when the open poll changes
   * (decision 1154). This process's own open and close are seen at once; another's within the TTL.
   */
  const openPolls = createTtlCache<string | null>({ ttlMs: LIVE_POLL_PULSE_TTL_MS, maxEntries: 1_000 });

  async function pollOr404(id: string) {
    const poll = await repo.selectPollClass(db, id);
    if (!poll) throw notFound(Texts.POLL_NOT_FOUND);
    return poll;
  }

  return {
    /** GET /api/admin/webinar-polls */
    polls: pollsOf,

    /** POST /api/admin/webinar-polls: a new poll at the end of the list. */
    async addPoll(hash: string, draft: TPollDraft): Promise<TAdminPollsResponse> {
      const webinar = await webinarOr404(hash);
      await repo.insertPoll(db, {
        id: newId(),
        classId: webinar.id,
        question: draft.question,
        choices: JSON.stringify(draft.choices),
        at: nowIso(now()),
      });
      return pollsOf(hash);
    },

    /** PUT /api/admin/webinar-poll: until it is opened. */
    async editPoll(id: string, draft: TPollDraft): Promise<TAdminPollsResponse> {
      const poll = await pollOr404(id);
      if (!(await repo.updateDraft(db, id, draft.question, JSON.stringify(draft.choices))))
        throw conflict(Texts.POLL_EDIT_LOCKED);
      return pollsOf(poll.hash);
    },

    /** DELETE /api/admin/webinar-poll: until it is opened (an opened poll is evidence). */
    async deletePoll(id: string): Promise<TAdminPollsResponse> {
      const poll = await pollOr404(id);
      if (!(await repo.deleteDraft(db, id))) throw conflict(Texts.POLL_EDIT_LOCKED);
      return pollsOf(poll.hash);
    },

    /** POST /api/admin/webinar-poll-open: the room shows it from its next refresh. */
    async openPoll(id: string): Promise<TAdminPollsResponse> {
      const poll = await pollOr404(id);
      if (poll.opened_at) throw conflict(Texts.POLL_ALREADY_OPENED);
      if (!(await repo.openPoll(db, id, poll.class_id, nowIso(now()))))
        throw conflict(Texts.POLL_ANOTHER_OPEN);
      openPolls.delete(poll.hash);
      return pollsOf(poll.hash);
    },

    /** POST /api/admin/webinar-poll-close: answers after this instant are refused. */
    async closePoll(id: string): Promise<TAdminPollsResponse> {
      const poll = await pollOr404(id);
      if (!(await repo.closePoll(db, id, nowIso(now())))) throw conflict(Texts.POLL_NOT_OPENED);
      openPolls.delete(poll.hash);
      return pollsOf(poll.hash);
    },

    /** PUT /api/admin/webinar-credit-rule: audited; certificates issued before keep their decision. */
    async setRule(staffId: string, hash: string, body: TCreditRuleRequest): Promise<TAdminPollsResponse> {
      const webinar = await webinarOr404(hash);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await repo.updateRule(trx, webinar.id, body.rule);
        await recordAudit(
          trx,
          {
            actorId: staffId,
            action: 'webinar.credit-rule',
            entity: 'class',
            entityId: webinar.id,
            detail: { rule: body.rule },
          },
          at,
        );
      });
      return pollsOf(hash);
    },

    /** GET /api/live-poll: the open poll for a seat holder, and their answer. */
    /** GET /api/live-poll-pulse: the open poll's id, the same for every attendee. */
    async pulse(hash: string): Promise<TLivePollPulseResponse> {
      return {
        pollId: await openPolls.get(hash, async () => (await repo.selectOpenPollId(db, hash)) ?? null),
      };
    },

    async livePoll(memberId: string, hash: string): Promise<TLivePollResponse> {
      const row = await repo.selectOpenPollForSeat(db, hash, memberId);
      if (!row || row.is_waiting === 1) throw forbidden(Texts.POLL_NEEDS_SEAT);
      if (!row.id) return { poll: null };
      return {
        poll: {
          id: row.id,
          question: row.question!,
          choices: JSON.parse(row.choices!) as string[],
          myChoice: row.choice,
          answeredAt: row.answered_at,
        },
      };
    },

    /** POST /api/live-poll-answer: once per attendee, while the poll is open by the server's clock. */
    async answer(memberId: string, body: TPollAnswerRequest): Promise<TPollAnswerResponse> {
      const poll = await repo.selectPollForAnswer(db, body.c, body.id, memberId);
      if (!poll) throw notFound(Texts.POLL_NOT_FOUND);
      if (!poll.seat_id || poll.is_waiting === 1) throw forbidden(Texts.POLL_NEEDS_SEAT);
      if (!poll.opened_at) throw conflict(Texts.POLL_NOT_OPEN);
      if (poll.closed_at) throw conflict(Texts.POLL_CLOSED);
      if (body.choice >= (JSON.parse(poll.choices) as string[]).length)
        throw badRequest(Texts.POLL_BAD_CHOICE, 'choice');
      const at = nowIso(now());
      if (await repo.insertAnswer(db, { pollId: body.id, memberId, choice: body.choice, at })) {
        return { choice: body.choice, answeredAt: at, msg: Texts.POLL_RECORDED };
      }
      // Nothing kept: answered before, or closed between the check and the write.
      if (await repo.selectAnswer(db, body.id, memberId)) throw conflict(Texts.POLL_ALREADY_ANSWERED);
      throw conflict(Texts.POLL_CLOSED);
    },

    /** GET /api/webinar-credit: the member's own evidence as it stands (the reason they see). */
    async memberEvidence(memberId: string, hash: string): Promise<{ evidence: TWebinarEvidence | null }> {
      const cls = await repo.selectClassIdByHash(db, hash);
      if (!cls) throw notFound(Texts.NOT_A_WEBINAR);
      return { evidence: await selectWebinarEvidence(db, cls.id, memberId) };
    },
  };
}

export type TWebinarEvidenceService = ReturnType<typeof createWebinarEvidenceService>;
