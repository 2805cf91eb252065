import type { Kysely, Updateable } from 'kysely';
import {
  addDays,
  categoryRoom,
  CERTIFICATE_FILE_TAKES,
  ClassType,
  daysBetween,
  evaluateRequirements,
  deliveryWording,
  EXTERNAL_DELIVERY_WORDING,
  evaluateStanding,
  hasNothingToView,
  inExemptFirstPeriod,
  isFillableByCourse,
  lessonKind,
  planPeriod,
  requirementApplies,
  requirementConditions,
  requirementKey,
  suggestCourses,
  TRACKER_MANDATORY_TOPICS,
  TRACKER_PERMITS,
  TRACKER_TOPIC_LABELS,
  TRACKER_UNDO_MINUTES,
  TrackerTexts,
  type TCredit,
  type TLicenceFacts,
  type TPeriodAnchor,
  type TRequirementRule,
  type TRequirementResult,
  type TSuggestionCandidate,
  type TSuggestionNeed,
  type TTrackerDelivery,
  type TTrackerPermit,
  trackerDeliveryOf,
} from '@opence/shared';
import type {
  TTrackerCertificateInput,
  TTrackerLicenceData,
  TTrackerRule,
  TTrackerRuleInput,
  TTrackerStanding,
  TTrackerSuggestion,
} from '@opence/shared/schemas';
import type { DB, TrackerRulesTable } from '../../db/types.ts';
import { recordAudit } from '../../domain/audit.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import type { TStorage } from '../../lib/storage.ts';
import { FILE_TYPES } from '../../lib/uploads/file-types.ts';
import { uploadKey, type TIncomingUpload, type TUploadRule } from '../../lib/uploads/uploads.ts';
import type { TDialectName } from '../../db/dialect/index.ts';
import { PACK_PACE } from './tracker.packs.ts';
import { createStorageLimits } from './tracker.storage.ts';
import { zipStream, type TZipEntry } from '../../lib/zip.ts';
import { ApiError, badRequest, notFound } from '../../lib/api-errors.ts';
import type { TCreditEvidence } from './audit-pack.pdf.ts';
import { renderAuditPackOffThread } from './audit-pack.render.ts';
import {
  certificateFileName,
  presentCertificate,
  presentLicence,
  presentRule,
  presentStaffRule,
} from './tracker.presenter.ts';
import * as repo from './tracker.repo.ts';

/*
 * The CE tracker: a member's licences and uploaded certificates (always reached through the
 * session's member id, so another member's id finds nothing), where they stand for a licence's
 * period (the shared requirement engine over the site's completions and the uploads), and free
 * courses for what is missing.
 */

export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
const SUGGESTIONS_PER_NEED = 5;
/** Courses read to choose suggestions from: the newest, and the newest on each missing topic. */
const CANDIDATES = 150;
const UNDO_MS = TRACKER_UNDO_MINUTES * 60_000;

/** What a certificate's file may be (issue 23): a PDF, or a photo of the paper. */
const CERTIFICATE_FILE: TUploadRule = {
  takes: CERTIFICATE_FILE_TAKES,
  maxBytes: CERTIFICATE_MAX_BYTES,
  types: [FILE_TYPES.pdf, FILE_TYPES.jpeg, FILE_TYPES.png],
};

/**
 * The engine's view of a stored rule for the total, live and self-study lines (the mandatory
 * requirements are evaluated apart, by kind: evaluateRequirements). The total is the member's own
 * figure where the rule has none, and none in a first period the board exempts.
 */
export function engineRule(
  rule: TTrackerRule | null,
  own: { requiredHours: number | null; exempt: boolean } = { requiredHours: null, exempt: false },
): TRequirementRule {
  const totalHours = own.exempt ? null : (rule?.totalHours ?? own.requiredHours);
  if (!rule) {
    return {
      totalHours,
      selfStudyMaxHours: null,
      selfStudyMaxPercent: null,
      liveMinHours: null,
      liveWebinarCountsAsLive: null,
      mandatory: [],
      carryOverAllowed: null,
      carryOverMaxHours: null,
    };
  }
  return {
    totalHours,
    selfStudyMaxHours: rule.selfStudyNoLimit ? null : rule.selfStudyMaxHours,
    selfStudyMaxPercent: rule.selfStudyNoLimit ? null : rule.selfStudyMaxPercent,
    liveMinHours: own.exempt ? null : rule.liveMinHours,
    liveWebinarCountsAsLive: rule.liveWebinarCountsAsLive,
    mandatory: [],
    carryOverAllowed: rule.carryOverAllowed,
    carryOverMaxHours: rule.carryOverMaxHours,
    hourMinutes: rule.hourMinutes,
    categoryCaps: rule.categoryCaps.map((c) => ({ topic: c.topic, maxHours: c.maxHours })),
  };
}

/** The rule's cycle anchor as the period planner reads it. */
export function periodAnchor(rule: TTrackerRule | null): TPeriodAnchor | null {
  if (!rule) return null;
  const parity = rule.anchorParity;
  return {
    cycleYears: rule.cycleYears,
    type: rule.anchorType,
    month: rule.anchorMonth,
    day: rule.anchorDay,
    parity: parity === 'odd' || parity === 'even' || parity === 'birth_year' ? parity : null,
    confirmed: rule.anchorConfirmed,
  };
}

/** The licence questions a rule's requirements depend on (the form asks only these). */
export function ruleQuestions(rule: TTrackerRule | null) {
  const conditions = (rule?.mandatory ?? []).flatMap((m) => requirementConditions(m));
  const permits = new Set<TTrackerPermit>();
  for (const c of conditions) if (c.type === 'permit') permits.add(c.permit);
  return {
    dea: conditions.some((c) => c.type === 'dea'),
    permits: TRACKER_PERMITS.filter((p) => permits.has(p)),
    issuedOn: Boolean(rule?.firstPeriodExempt) || conditions.some((c) => c.type === 'first_licensure'),
    requiredHours: rule?.totalHours === null || rule === null,
  };
}

export type TTrackerDeps = {
  db: Kysely<DB>;
  /** The private storage of uploaded certificate files. */
  files: TStorage;
  /** The site's own certificate PDF of one of the member's completions (the certificates feature's). */
  siteCertificate?: (
    memberId: string,
    completionId: string,
  ) => Promise<{ bytes: Uint8Array; fileName: string } | null>;
  /** This site as a provider: the approval its certificates carry (the audit pack's approval column). */
  siteProvider?: () => Promise<{ approval: string | null }>;
  now?: () => Date;
  /** Where the member's row is locked for the storage allowance (0932); 'sqlite' without. */
  dialect?: TDialectName;
  /** The site settings (the storage allowance); its defaults without. */
  settings?: () => Promise<Record<string, string>>;
};

/** A course title as a file name in the audit pack: letters, digits, spaces and dashes. */
const fileTitle = (title: string) =>
  title
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80) || 'certificate';
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export function createTrackerService(deps: TTrackerDeps) {
  const { db, files } = deps;
  const now = () => deps.now?.() ?? new Date();
  const limits = createStorageLimits({
    db,
    dialect: deps.dialect ?? 'sqlite',
    settings: deps.settings,
    now,
  });
  const today = () => nowIso(now()).slice(0, 10);

  async function ruleFor(state: string, licenceType: string) {
    const row = await repo.selectRule(db, state, licenceType);
    return row ? presentRule(row) : null;
  }

  async function ownLicence(member: TSessionMember, id: string) {
    const row = await repo.selectLicence(db, member.id, id);
    if (!row) throw notFound();
    return row;
  }
  /** A licence as the API gives it, with its requirements marked done. */
  async function licenceOut(row: repo.TLicenceRow) {
    return presentLicence(row, await repo.selectChecks(db, [row.id]));
  }
  async function ownCertificate(member: TSessionMember, id: string) {
    const row = await repo.selectCertificate(db, member.id, id);
    if (!row) throw notFound();
    return row;
  }

  /** The courses suggestions are chosen from, read once per standing. */
  async function suggestionCandidates(
    memberId: string,
    topics: readonly string[],
  ): Promise<TSuggestionCandidate[]> {
    const at = nowIso(now());
    const opts = { now: at, topics, limit: CANDIDATES };
    const [classes, episodes] = await Promise.all([
      repo.selectSuggestionClasses(db, memberId, opts),
      repo.selectSuggestionPodcasts(db, memberId, opts),
    ]);
    return [
      ...classes.map((c): TSuggestionCandidate => {
        const live = c.type_id === ClassType.LIVE;
        const kind = lessonKind({
          typeId: c.type_id,
          youtubeUrl: c.youtube_url,
          videoUrl: c.video_url,
          pdfUrl: c.pdf_url,
        });
        return {
          hash: c.hash,
          kind: live ? 'live' : 'on_demand',
          title: c.title,
          credits: c.credits,
          topics: c.topics,
          isPublished: c.is_published === 1,
          isFree: c.price === null || c.price === 0,
          hasExam: c.has_exam,
          hasContent: live || (!hasNothingToView(kind) && kind !== 'premium'),
          at: c.release_at,
          seatsLeft:
            live && c.capacity !== null ? Math.max(0, c.capacity - Number(c.seats_taken ?? 0)) : null,
          url: live ? `/classroom-reserve/${c.hash}` : `/classroom/${c.hash}`,
        };
      }),
      ...episodes.map((e): TSuggestionCandidate => ({
        hash: e.hash,
        kind: 'podcast',
        title: e.title,
        credits: e.credits,
        topics: e.topics,
        isPublished: e.is_published === 1,
        isFree: true,
        hasExam: e.has_exam,
        hasContent: Boolean(e.mp3),
        at: e.release_at,
        seatsLeft: null,
        url: `/podcast/${e.show_hash}/${e.hash}`,
      })),
    ];
  }

  /** A licence's answers as the requirements read them. */
  function factsOf(licence: repo.TLicenceRow): TLicenceFacts {
    let permits: string[] = [];
    try {
      permits = JSON.parse(licence.permits) as string[];
    } catch {
      permits = [];
    }
    return { holdsDea: licence.holds_dea === 1, permits, issuedOn: licence.issued_on };
  }

  /**
   * Where a licence's period comes from: 'rule' when the board's cycle, with the birth month or
   * issue day the licence holds, gives exactly these dates; else the member's own ('member').
   */
  async function periodBasis(input: TTrackerLicenceData): Promise<'rule' | 'member'> {
    const rule = await ruleFor(input.state, input.licenceType);
    const plan = planPeriod(
      periodAnchor(rule),
      {
        birthMonth: input.birthMonth ?? null,
        birthYear: input.birthYear ?? null,
        issueDate: input.issuedOn ?? null,
      },
      today(),
    );
    return plan.basis === 'rule' &&
      plan.period?.start === input.periodStart &&
      plan.period.end === input.periodEnd
      ? 'rule'
      : 'member';
  }

  async function licenceColumns(input: TTrackerLicenceData) {
    return {
      state: input.state,
      licence_type: input.licenceType,
      licence_number: input.licenceNumber,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      carry_over_hours: input.carryOverHours,
      holds_dea: input.holdsDea ? 1 : 0,
      issued_on: input.issuedOn ?? null,
      birth_month: input.birthMonth ?? null,
      birth_year: input.birthYear ?? null,
      permits: JSON.stringify([...new Set(input.permits)]),
      required_hours: input.requiredHours ?? null,
      period_basis: await periodBasis(input),
    };
  }

  return {
    async topics() {
      return repo.selectTopics(db);
    },

    async licences(member: TSessionMember) {
      const rows = await repo.selectLicences(db, member.id);
      const checks = await repo.selectChecks(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) =>
        presentLicence(
          r,
          checks.filter((c) => c.licence_id === r.id),
        ),
      );
    },

    async createLicence(member: TSessionMember, input: TTrackerLicenceData) {
      const at = nowIso(now());
      const row = Object.assign(
        { id: newId(), member_id: member.id, deleted_at: null, created_at: at, updated_at: at },
        await licenceColumns(input),
      );
      await repo.insertLicence(db, row);
      return presentLicence(row);
    },

    async updateLicence(member: TSessionMember, id: string, input: TTrackerLicenceData) {
      await ownLicence(member, id);
      const set = Object.assign(await licenceColumns(input), { updated_at: nowIso(now()) });
      if (!(await repo.updateLicence(db, member.id, id, set))) throw notFound();
      return licenceOut(await ownLicence(member, id));
    },

    /** Deletes the licence; it can be restored for TRACKER_UNDO_MINUTES, then the purge removes it. */
    async deleteLicence(member: TSessionMember, id: string) {
      if (!(await repo.deleteLicence(db, member.id, id, nowIso(now())))) throw notFound();
    },

    /** Restores a licence deleted within the undo window. */
    async restoreLicence(member: TSessionMember, id: string) {
      const since = nowIso(new Date(now().getTime() - UNDO_MS));
      if (!(await repo.restoreLicence(db, member.id, id, since)))
        throw new ApiError(404, TrackerTexts.UNDO_TOO_LATE, { errorMsg: true });
      return licenceOut(await ownLicence(member, id));
    },

    /** The member marks one of the licence's requirements done on a day (or removes the mark). */
    async setCheck(member: TSessionMember, id: string, input: { key: string; doneOn: string | null }) {
      const licence = await ownLicence(member, id);
      const rule = await ruleFor(licence.state, licence.licence_type);
      if (!(rule?.mandatory ?? []).some((m) => requirementKey(m) === input.key))
        throw badRequest('Choose a requirement of this license.', 'key');
      if (input.doneOn)
        await repo.upsertCheck(db, {
          licence_id: licence.id,
          requirement_key: input.key,
          done_on: input.doneOn,
          updated_at: nowIso(now()),
        });
      else await repo.deleteCheck(db, licence.id, input.key);
      return licenceOut(licence);
    },

    /**
     * The period the state's cycle rule proposes for a licence, or the questions still open (a
     * period the data cannot confirm is asked, never guessed), and the licence questions its
     * requirements depend on.
     */
    async propose(q: {
      state: string;
      licenceType: string;
      birthMonth?: number | undefined;
      birthYear?: number | undefined;
      issueDate?: string | undefined;
      renewalYear?: number | undefined;
      renewalDate?: string | undefined;
    }) {
      const rule = await ruleFor(q.state, q.licenceType);
      const plan = planPeriod(periodAnchor(rule), q, today());
      return {
        rule,
        period: plan.period,
        asks: plan.asks,
        renewalYears: plan.renewalYears,
        basis: plan.basis,
        hint:
          plan.asks.includes('renewal_date') || plan.asks.includes('renewal_year')
            ? (rule?.cycleAnchor ?? null)
            : null,
        questions: ruleQuestions(rule),
      };
    },

    async standing(member: TSessionMember, id: string): Promise<TTrackerStanding> {
      return standingOf(member.id, await ownLicence(member, id));
    },

    /** A licence's standing for the deadline reminders (the licence found by its member's id). */
    async standingFor(memberId: string, licenceId: string): Promise<TTrackerStanding | null> {
      const licence = await repo.selectLicence(db, memberId, licenceId);
      return licence ? standingOf(memberId, licence) : null;
    },

    /** The audit pack's PDF transcript for one licence and its period. */
    async auditPack(member: TSessionMember, id: string) {
      const standing = await this.standing(member, id);
      return {
        bytes: Buffer.from(await transcript(member, standing)),
        fileName: `${packName(standing)}.pdf`,
      };
    },

    /**
     * The audit pack as a ZIP: the transcript, then the certificate of every course in the
     * period: the site's own PDFs and the member's uploaded files. Written while it is sent.
     */
    async auditPackZip(member: TSessionMember, id: string) {
      const standing = await this.standing(member, id);
      const bytes = await transcript(member, standing);
      const uploads = new Map((await repo.selectCertificates(db, member.id)).map((r) => [r.id, r]));
      const inPeriod = standing.credits
        .filter((c) => !c.reasons.includes('outside_period'))
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const name = packName(standing);
      async function* entries(): AsyncGenerator<TZipEntry> {
        yield { name: `${name}.pdf`, bytes, compress: true };
        for (const credit of inPeriod) {
          const label = `${credit.date} ${fileTitle(credit.title)}`;
          if (credit.source === 'site') {
            const pdf = await deps.siteCertificate?.(member.id, credit.id.slice('site-'.length));
            if (pdf) yield { name: `opence/${label}.pdf`, bytes: pdf.bytes };
            continue;
          }
          const row = uploads.get(credit.id.slice('upload-'.length));
          if (!row?.storage_key || !row.content_type) continue;
          const file = await files.open(row.storage_key);
          if (file) yield { name: `uploaded/${label}.${EXTENSIONS[row.content_type] ?? 'bin'}`, bytes: file };
        }
      }
      return { fileName: `${name}.zip`, stream: zipStream(entries(), PACK_PACE) };
    },

    async certificates(member: TSessionMember) {
      return (await repo.selectCertificates(db, member.id)).map(presentCertificate);
    },

    /** What the member's uploaded files take of their allowance (0932). */
    storage(member: TSessionMember) {
      return limits.storage(member.id);
    },

    async createCertificate(member: TSessionMember, input: TTrackerCertificateInput) {
      const at = nowIso(now());
      await checkTopics(input.topics ?? []);
      const row = {
        id: newId(),
        member_id: member.id,
        provider: input.provider,
        title: input.title,
        completed_on: input.completedOn,
        hours: Number(input.hours),
        delivery: input.delivery,
        topics: JSON.stringify(input.topics ?? []),
        approval: input.approval ?? null,
        expires_on: (input.expiresOn as string | null | undefined) ?? null,
        storage_key: null,
        content_type: null,
        size_bytes: null,
        original_name: null,
        deleted_at: null,
        created_at: at,
        updated_at: at,
      };
      await repo.insertCertificate(db, row);
      return presentCertificate(row);
    },

    async updateCertificate(member: TSessionMember, id: string, input: TTrackerCertificateInput) {
      await ownCertificate(member, id);
      await checkTopics(input.topics ?? []);
      await repo.updateCertificate(db, member.id, id, {
        provider: input.provider,
        title: input.title,
        completed_on: input.completedOn,
        hours: Number(input.hours),
        delivery: input.delivery,
        topics: JSON.stringify(input.topics ?? []),
        approval: input.approval ?? null,
        expires_on: (input.expiresOn as string | null | undefined) ?? null,
        updated_at: nowIso(now()),
      });
      return presentCertificate(await ownCertificate(member, id));
    },

    /**
     * Deletes the certificate: out of the tracker and the audit pack at once, restorable for
     * TRACKER_UNDO_MINUTES; its file stays until the purge removes the row after that.
     */
    async deleteCertificate(member: TSessionMember, id: string) {
      if (!(await repo.deleteCertificate(db, member.id, id, nowIso(now())))) throw notFound();
    },

    /** Restores a certificate deleted within the undo window, with its file. */
    async restoreCertificate(member: TSessionMember, id: string) {
      const since = nowIso(new Date(now().getTime() - UNDO_MS));
      if (!(await repo.restoreCertificate(db, member.id, id, since)))
        throw new ApiError(404, TrackerTexts.UNDO_TOO_LATE, { errorMsg: true });
      return presentCertificate(await ownCertificate(member, id));
    },

    /**
     * Removes what was deleted before the undo window: certificate rows and then their files (a
     * restore between the two finds no row to restore), and licences. Returns how many went.
     */
    async purgeDeleted(at: Date) {
      const before = nowIso(new Date(at.getTime() - UNDO_MS));
      let certificates = 0;
      for (const row of await repo.selectPurgeableCertificates(db, before, 500)) {
        if (!(await repo.purgeCertificate(db, row.id, before))) continue;
        certificates += 1;
        if (row.storage_key) await files.delete(row.storage_key);
      }
      const licences = await repo.purgeLicences(db, before);
      return { certificates, licences };
    },

    /** Stores the certificate's file privately (type sniffed, size-limited), replacing any earlier one. */
    async attachFile(member: TSessionMember, id: string, incoming: TIncomingUpload) {
      const before = await ownCertificate(member, id);
      // Storage limits (0932), step 1: the upload counts against the per-minute and hourly limits.
      await limits.countUpload(member.id);
      const { bytes, type, name } = await incoming.read([CERTIFICATE_FILE], 'certificate');
      const key = uploadKey(`tracker/${member.id}`, newId(), type!);
      await files.put(key, bytes, type!.contentType);
      try {
        const allowance = await limits.allowance();
        await db.transaction().execute(async (trx) => {
          // Storage limits, step 2: the allowance, checked with the member's row locked.
          await allowance.reserve(trx, member.id, id, bytes.length);
          await repo.updateCertificate(trx, member.id, id, {
            storage_key: key,
            content_type: type!.contentType,
            size_bytes: bytes.length,
            original_name: name,
            updated_at: nowIso(now()),
          });
        });
      } catch (error) {
        await files.delete(key);
        throw error;
      }
      // The file it replaces goes (keys are never reused, so nothing else points at it).
      if (before.storage_key) await files.delete(before.storage_key);
      return presentCertificate(await ownCertificate(member, id));
    },

    /** An erased member's uploaded files (their rows went with the erasure). */
    async deleteMemberFiles(memberId: string) {
      await files.deleteFolder(`tracker/${memberId}`);
    },

    /** The member's own file. */
    async file(member: TSessionMember, id: string) {
      return readFile(await ownCertificate(member, id));
    },

    /** The console's list of requirement rules; those never verified or older than a year are flagged. */
    async staffRules(filter: { state?: string | undefined; licenceType?: string | undefined }) {
      const yearAgo = addDays(today(), -365);
      return (await repo.selectRules(db, filter)).map((r) => ({
        id: r.id,
        state: r.state,
        licenceType: r.licence_type,
        totalHours: r.total_hours,
        confidence: r.confidence,
        verifiedOn: r.verified_on,
        needsVerifying: r.verified_on === null || r.verified_on < yearAgo,
      }));
    },

    async staffRule(id: string) {
      const row = await repo.selectRuleById(db, id);
      if (!row) throw notFound();
      return presentStaffRule(row);
    },

    /**
     * Staff save a rule: the numbers, topics and sources as given, the day they verified it and
     * who they are; the audit row names the fields that changed, in the same transaction.
     */
    async updateRule(staff: TSessionMember, id: string, input: TTrackerRuleInput) {
      const before = await this.staffRule(id);
      const unknown = input.mandatory.filter(
        (m) => !TRACKED_TOPICS.has(m.category) && !NOTE_CATEGORIES.has(m.category),
      );
      if (unknown.length) throw badRequest('Choose each mandatory topic from the list.', 'mandatory');
      if ((input.categoryCaps ?? []).some((c) => !(c.topic in TRACKER_TOPIC_LABELS)))
        throw badRequest('Choose each capped topic from the list.', 'categoryCaps');
      const mandatory = input.mandatory.map((m) => ({
        topic: m.topic,
        category: m.category,
        hours: m.hours === null ? null : Number(m.hours),
        frequency: m.frequency || null,
        appliesTo: m.appliesTo || null,
        note: m.note || null,
        ...(m.kind ? { kind: m.kind } : {}),
      }));
      const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      const flag = (v: boolean | null) => (v === null ? null : v ? 1 : 0);
      const set = {
        cycle_years: num(input.cycleYears),
        total_hours: num(input.totalHours),
        self_study_max_hours: num(input.selfStudyMaxHours),
        self_study_max_percent: num(input.selfStudyMaxPercent),
        self_study_no_limit: flag(input.selfStudyNoLimit),
        live_min_hours: num(input.liveMinHours),
        live_webinar_counts_as_live: flag(input.liveWebinarCountsAsLive),
        mandatory: JSON.stringify(mandatory),
        carry_over_allowed: flag(input.carryOverAllowed),
        carry_over_max_hours: num(input.carryOverMaxHours),
        hour_minutes: input.hourMinutes ?? null,
        category_caps: input.categoryCaps?.length
          ? JSON.stringify(
              input.categoryCaps.map((c) => ({
                topic: c.topic,
                maxHours: Number(c.maxHours),
                note: c.note || null,
              })),
            )
          : null,
        notes: input.notes || null,
        sources: JSON.stringify(input.sources),
        verified_on: input.verifiedOn,
        verified_by: staff.id,
        updated_at: nowIso(now()),
      };
      // What the console's form leaves out stays as it is (an older form, a script).
      const optional: Updateable<TrackerRulesTable> = {};
      if (input.firstPeriodExempt !== undefined) optional.first_period_exempt = flag(input.firstPeriodExempt);
      if (input.anchorMonth !== undefined) optional.anchor_month = num(input.anchorMonth);
      if (input.anchorDay !== undefined) optional.anchor_day = num(input.anchorDay);
      if (input.anchorParity !== undefined) optional.anchor_parity = input.anchorParity;
      if (input.anchorConfirmed !== undefined) optional.anchor_confirmed = input.anchorConfirmed ? 1 : 0;
      Object.assign(set, optional);
      await db.transaction().execute(async (trx) => {
        await repo.updateRule(trx, id, set);
        const after = presentStaffRule(Object.assign((await repo.selectRuleById(trx, id))!, {}));
        const changed: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(after)) {
          const was = (before as Record<string, unknown>)[key];
          if (key !== 'updatedAt' && JSON.stringify(was) !== JSON.stringify(value)) changed[key] = value;
        }
        await recordAudit(trx, {
          actorId: staff.id,
          action: 'tracker.rule.update',
          entity: 'tracker_rules',
          entityId: id,
          detail: { state: before.state, licenceType: before.licenceType, changed },
        });
      });
      return this.staffRule(id);
    },

    /** A member's file for staff, recorded in the audit log with the reason given. */
    async staffFile(staff: TSessionMember, id: string, reason: string) {
      const row = await repo.selectAnyCertificate(db, id);
      if (!row) throw notFound();
      await recordAudit(db, {
        actorId: staff.id,
        action: 'tracker.certificate.view',
        entity: 'tracker_certificates',
        entityId: row.id,
        detail: { member: row.member_id, reason: reason.slice(0, 300) },
      });
      return readFile(row);
    },
  };

  async function standingOf(memberId: string, licence: repo.TLicenceRow): Promise<TTrackerStanding> {
    const rule = await ruleFor(licence.state, licence.licence_type);
    const facts = factsOf(licence);
    const period = { start: licence.period_start, end: licence.period_end };
    const checks = await repo.selectChecks(db, [licence.id]);
    const site = await repo.selectSiteCompletions(db, memberId);
    const uploads = await repo.selectCertificates(db, memberId);
    type TShown = { source: 'site' | 'upload'; title: string; provider: string };
    const shown = new Map<string, TShown>();
    const credits: TCredit[] = [];
    for (const c of site) {
      // How it was earned decides how it counts: an in-person claim is in-person hours (issue 35).
      const delivery: TTrackerDelivery = trackerDeliveryOf(c.delivery);
      credits.push({
        id: `site-${c.id}`,
        date: c.day,
        hours: c.credits,
        delivery,
        topics: c.topics,
      });
      shown.set(`site-${c.id}`, { source: 'site', title: c.title, provider: TrackerTexts.SITE_COURSE });
    }
    for (const u of uploads) {
      credits.push({
        id: `upload-${u.id}`,
        date: u.completed_on,
        hours: u.hours,
        delivery: u.delivery as TTrackerDelivery,
        topics: JSON.parse(u.topics) as string[],
        expiresOn: u.expires_on,
      });
      shown.set(`upload-${u.id}`, { source: 'upload', title: u.title, provider: u.provider });
    }
    const context = {
      period,
      facts,
      cycleYears: rule?.cycleYears ?? null,
      hourMinutes: rule?.hourMinutes ?? null,
      firstPeriodExempt: rule?.firstPeriodExempt ?? null,
      done: Object.fromEntries(checks.map((c) => [c.requirement_key, c.done_on])),
    };
    const exempt = inExemptFirstPeriod(context);
    const engine = engineRule(rule, { requiredHours: licence.required_hours, exempt: exempt === true });
    const result = evaluateStanding(engine, period, credits, licence.carry_over_hours);
    const requirements = evaluateRequirements(rule?.mandatory ?? [], credits, context);
    const byId = new Map(credits.map((c) => [c.id, c]));
    const verdicts = result.credits.map((v) => {
      const c = byId.get(v.id)!;
      return Object.assign({}, shown.get(v.id)!, v, {
        date: c.date,
        hours: c.hours,
        delivery: c.delivery,
        topics: [...c.topics],
        expiresOn: c.expiresOn ?? null,
      });
    });
    const gap = await gapOf(memberId, {
      requirements,
      engine,
      result,
      verdicts,
      deadline: period.end,
    });
    return {
      licence: presentLicence(licence, checks),
      rule,
      daysLeft: daysBetween(today(), licence.period_end),
      total: result.total,
      live: result.live,
      selfStudy: result.selfStudy,
      // The hour and card lines the rule holds this licence to (what applies, decided or not).
      topics: requirements
        .filter(
          (r) =>
            r.kind !== 'note' && r.kind !== 'assessment' && (r.status === 'met' || r.status === 'missing'),
        )
        .map((r) => ({
          topic: r.topic,
          label: r.label,
          required: r.required,
          counted: r.counted,
          met: r.status === 'met',
          validUntil: r.validUntil,
        })),
      conditional: (rule?.mandatory ?? []).flatMap((m) =>
        m.tracked && m.appliesTo
          ? [
              {
                topic: m.topic,
                appliesTo: m.appliesTo,
                applies: requirementApplies(m.appliesTo, { holdsDea: facts.holdsDea }),
              },
            ]
          : [],
      ),
      requirements: requirements.map((r) => ({
        key: r.key,
        topic: r.topic,
        label: r.label,
        kind: r.kind,
        required: r.required,
        counted: r.counted,
        status: r.status,
        reason: r.reason,
        ask: r.ask,
        validUntil: r.validUntil,
        doneOn: r.doneOn,
        windowYears: r.window === 'period' ? 0 : r.window === 'lifetime' ? -1 : r.window.years,
        frequency: r.frequency,
        appliesTo: r.appliesTo,
        note: r.note,
      })),
      firstPeriodExempt: exempt,
      totalIsMembers:
        (rule?.totalHours ?? null) === null && licence.required_hours !== null && exempt !== true,
      credits: verdicts.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
      gap,
    };
  }

  /**
   * What is missing, each with the courses that can fill it (takeable before the deadline, on
   * the topic, allowed by the board's categories, counting toward the need), or what to do where
   * no course here can (a card, the board's assessment, live hours a webinar cannot give).
   */
  async function gapOf(
    memberId: string,
    s: {
      requirements: TRequirementResult[];
      engine: TRequirementRule;
      result: ReturnType<typeof evaluateStanding>;
      verdicts: { topics: string[]; counts: boolean; countedHours: number }[];
      deadline: string;
    },
  ): Promise<TTrackerStanding['gap']> {
    const missing = s.requirements.filter((r) => r.status === 'missing');
    const liveShort = s.result.live?.met === false;
    const totalShort = s.result.total.met === false;
    if (!missing.length && !liveShort && !totalShort) return [];
    const fillable = [...new Set(missing.filter((r) => isFillableByCourse(r.kind)).map((r) => r.topic))];
    const candidates = await suggestionCandidates(memberId, fillable);
    const ctx = {
      rule: s.engine,
      standing: s.result,
      room: categoryRoom(s.engine, s.verdicts),
      now: nowIso(now()),
      deadline: s.deadline,
      limit: SUGGESTIONS_PER_NEED,
    };
    const courses = (need: TSuggestionNeed) => suggestCourses(candidates, need, ctx).map(toSuggestion);
    const gap: TTrackerStanding['gap'] = missing.map((r) => ({
      need: r.key,
      label: r.label,
      courses: isFillableByCourse(r.kind) ? courses({ type: 'topic', topic: r.topic }) : [],
      hint:
        r.kind === 'card'
          ? TrackerTexts.GAP_CARD
          : r.kind === 'assessment'
            ? TrackerTexts.GAP_ASSESSMENT
            : null,
    }));
    if (liveShort) {
      gap.push({
        need: 'live',
        label: TrackerTexts.NEED_LIVE,
        courses: courses({ type: 'live' }),
        hint: s.engine.liveWebinarCountsAsLive === false ? TrackerTexts.GAP_LIVE_NOT_WEBINAR : null,
      });
    }
    if (totalShort) {
      gap.push({
        need: 'total',
        label: TrackerTexts.NEED_TOTAL,
        courses: courses({ type: 'total' }),
        hint: null,
      });
    }
    return gap;
  }

  function packName(standing: TTrackerStanding) {
    return `ce-audit-${standing.licence.state}-${standing.licence.periodEnd}`;
  }

  /** What proves each credit of the standing, and how it was earned (issue 35). */
  async function evidenceOf(memberId: string): Promise<Map<string, TCreditEvidence>> {
    const [site, uploads, provider] = await Promise.all([
      repo.selectSiteCompletions(db, memberId),
      repo.selectCertificates(db, memberId),
      deps.siteProvider?.() ?? null,
    ]);
    const evidence = new Map<string, TCreditEvidence>();
    for (const c of site) {
      const wording = deliveryWording(c.delivery);
      evidence.set(`site-${c.id}`, {
        delivery: wording.label,
        place: c.delivery === 'in_person' && c.place ? c.place : wording.place,
        approval: provider?.approval ?? null,
        evidence: `Certificate ${c.certificateNumber} (in this pack)`,
      });
    }
    for (const u of uploads) {
      evidence.set(`upload-${u.id}`, {
        delivery: (EXTERNAL_DELIVERY_WORDING[u.delivery] ?? EXTERNAL_DELIVERY_WORDING.self_study!).label,
        place: null,
        approval: u.approval,
        evidence: u.storage_key
          ? `Uploaded file${u.original_name ? ` ${u.original_name}` : ''} (in this pack)`
          : 'No file uploaded',
      });
    }
    return evidence;
  }

  async function transcript(member: TSessionMember, standing: TTrackerStanding) {
    const memberName = [member.firstname, member.lastname].filter(Boolean).join(' ') || member.username;
    return renderAuditPackOffThread({
      memberName,
      standing,
      generatedOn: today(),
      evidence: await evidenceOf(member.id),
    });
  }

  async function checkTopics(topics: readonly string[]) {
    if (!topics.length) return;
    const known = new Set((await repo.selectTopics(db)).map((t) => t.code));
    if (topics.some((t) => !known.has(t))) throw badRequest('Choose topics from the list.', 'topics');
  }

  async function readFile(row: repo.TCertificateRow) {
    if (!row.storage_key || !row.content_type) throw notFound();
    const bytes = await files.get(row.storage_key);
    if (!bytes) throw notFound();
    // Named by what the file is, not by what the uploader called it (issue 37 row 4).
    return {
      bytes,
      contentType: row.content_type,
      name: certificateFileName(row.original_name, row.content_type),
    };
  }
}

/** A candidate as the standing's suggestion (what the page and the reminder mail show). */
function toSuggestion(c: TSuggestionCandidate): TTrackerSuggestion {
  return {
    hash: c.hash,
    kind: c.kind,
    title: c.title,
    credits: c.credits,
    startsAt: c.kind === 'live' ? c.at : null,
    seatsLeft: c.seatsLeft,
    url: c.url,
  };
}

export type TTrackerService = ReturnType<typeof createTrackerService>;
export const TRACKED_TOPICS: ReadonlySet<string> = new Set(TRACKER_MANDATORY_TOPICS);
/** Categories of the dataset that are kept as notes, not bars (decision 1101). */
const NOTE_CATEGORIES: ReadonlySet<string> = new Set(['choice_group', 'sedation_permit', 'permit_specific']);
