import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import {
  addDays,
  ClassType,
  daysBetween,
  evaluateStanding,
  parityYear,
  proposePeriod,
  TRACKER_MANDATORY_TOPICS,
  TRACKER_TOPIC_LABELS,
  TrackerTexts,
  requirementApplies,
  topicWindow,
  type TTopicWindow,
  unmetNeeds,
  type TCredit,
  type TCycleAnchor,
  type TRequirementRule,
  type TTrackerDelivery,
} from '@opence/shared';
import type {
  TTrackerCertificateInput,
  TTrackerLicenceInput,
  TTrackerRule,
  TTrackerRuleInput,
  TTrackerStanding,
  TTrackerSuggestion,
} from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { recordAudit } from '../../lib/audit.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../lib/sessions.ts';
import type { TStorage } from '../../lib/storage.ts';
import type { TDialectName } from '../../db/dialect/index.ts';
import { PACK_PACE } from './tracker.packs.ts';
import { createStorageLimits } from './tracker.storage.ts';
import { zipStream, type TZipEntry } from '../../lib/zip.ts';
import { ApiError, badRequest, notFound } from '../../plugins/errors.ts';
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

/** PDF, JPEG or PNG, from the first bytes; anything else is refused. */
export function sniffCertificate(head: Uint8Array): { contentType: string; extension: string } | null {
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', extension: 'pdf' };
  if (starts([0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', extension: 'png' };
  return null;
}

export type TIncomingFile = { filename: string; file: Readable };

async function readLimited(incoming: TIncomingFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > CERTIFICATE_MAX_BYTES) {
      incoming.file.destroy();
      throw new ApiError(413, TrackerTexts.FILE_TOO_LARGE, { field: 'file' });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const cleanName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').slice(0, 200) || 'certificate';

/**
 * The engine's view of a stored rule for one licence: the tracked mandatory topics that apply to
 * it (a prescribers' topic only with a controlled-substance registration), merged by topic, "per
 * year" scaled to the cycle, each over its own window ('every 4 years', 'once').
 */
export function engineRule(
  rule: TTrackerRule | null,
  licence: { holdsDea: boolean } = { holdsDea: false },
): TRequirementRule {
  if (!rule) {
    return {
      totalHours: null,
      selfStudyMaxHours: null,
      selfStudyMaxPercent: null,
      liveMinHours: null,
      liveWebinarCountsAsLive: null,
      mandatory: [],
      carryOverAllowed: null,
      carryOverMaxHours: null,
    };
  }
  const byTopic = new Map<string, number | null>();
  const windows = new Map<string, TTopicWindow>();
  for (const m of rule.mandatory.filter(
    (x) => x.tracked && requirementApplies(x.appliesTo, licence) === true,
  )) {
    if (!windows.has(m.category)) windows.set(m.category, topicWindow(m.frequency, rule.cycleYears));
    const perYear = /per year|annual|each year/i.test(m.frequency ?? '');
    const hours = m.hours === null ? null : m.hours * (perYear ? (rule.cycleYears ?? 1) : 1);
    const before = byTopic.get(m.category);
    byTopic.set(
      m.category,
      before === undefined ? hours : before === null ? hours : hours === null ? before : before + hours,
    );
  }
  return {
    totalHours: rule.totalHours,
    selfStudyMaxHours: rule.selfStudyNoLimit ? null : rule.selfStudyMaxHours,
    selfStudyMaxPercent: rule.selfStudyNoLimit ? null : rule.selfStudyMaxPercent,
    liveMinHours: rule.liveMinHours,
    liveWebinarCountsAsLive: rule.liveWebinarCountsAsLive,
    mandatory: [...byTopic].map(([topic, hours]) => ({
      topic,
      hours,
      window: windows.get(topic) ?? 'period',
    })),
    carryOverAllowed: rule.carryOverAllowed,
    carryOverMaxHours: rule.carryOverMaxHours,
    hourMinutes: rule.hourMinutes,
    categoryCaps: rule.categoryCaps,
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
  async function ownCertificate(member: TSessionMember, id: string) {
    const row = await repo.selectCertificate(db, member.id, id);
    if (!row) throw notFound();
    return row;
  }

  async function gapCourses(memberId: string, need: { topic: string | null; liveOnly: boolean }) {
    const at = nowIso(now());
    const classes = await repo.selectGapClasses(db, memberId, {
      topic: need.topic,
      liveOnly: need.liveOnly,
      now: at,
      limit: SUGGESTIONS_PER_NEED,
    });
    const courses: TTrackerSuggestion[] = classes.map((c) => {
      const live = c.type_id === ClassType.LIVE && c.release_at > at;
      return {
        hash: c.hash,
        kind: live ? 'live' : 'on_demand',
        title: c.title,
        credits: c.credits,
        startsAt: live ? c.release_at : null,
        seatsLeft: live && c.capacity !== null ? Math.max(0, c.capacity - Number(c.taken ?? 0)) : null,
        url: live ? `/classroom-reserve/${c.hash}` : `/classroom/${c.hash}`,
      };
    });
    if (need.topic && !need.liveOnly && courses.length < SUGGESTIONS_PER_NEED) {
      const episodes = await repo.selectGapPodcasts(db, memberId, {
        topic: need.topic,
        now: at,
        limit: SUGGESTIONS_PER_NEED - courses.length,
      });
      for (const e of episodes) {
        courses.push({
          hash: e.hash,
          kind: 'podcast',
          title: e.title,
          credits: e.credits,
          startsAt: null,
          seatsLeft: null,
          url: `/podcast/${e.show_hash}/${e.hash}`,
        });
      }
    }
    return courses;
  }

  return {
    async topics() {
      return repo.selectTopics(db);
    },

    async licences(member: TSessionMember) {
      return (await repo.selectLicences(db, member.id)).map(presentLicence);
    },

    async createLicence(member: TSessionMember, input: TTrackerLicenceInput) {
      const at = nowIso(now());
      const row = {
        id: newId(),
        member_id: member.id,
        state: input.state,
        licence_type: input.licenceType,
        licence_number: input.licenceNumber,
        period_start: input.periodStart,
        period_end: input.periodEnd,
        carry_over_hours: Number(input.carryOverHours ?? 0),
        holds_dea: input.holdsDea ? 1 : 0,
        created_at: at,
        updated_at: at,
      };
      await repo.insertLicence(db, row);
      return presentLicence(row);
    },

    async updateLicence(member: TSessionMember, id: string, input: TTrackerLicenceInput) {
      const changed = await repo.updateLicence(db, member.id, id, {
        state: input.state,
        licence_type: input.licenceType,
        licence_number: input.licenceNumber,
        period_start: input.periodStart,
        period_end: input.periodEnd,
        carry_over_hours: Number(input.carryOverHours ?? 0),
        holds_dea: input.holdsDea ? 1 : 0,
        updated_at: nowIso(now()),
      });
      if (!changed) throw notFound();
      return presentLicence(await ownLicence(member, id));
    },

    async deleteLicence(member: TSessionMember, id: string) {
      if (!(await repo.deleteLicence(db, member.id, id))) throw notFound();
    },

    /** The period the state's cycle rule proposes for a licence, from today. */
    async propose(q: {
      state: string;
      licenceType: string;
      birthMonth?: number | undefined;
      birthYear?: number | undefined;
      issueDate?: string | undefined;
    }) {
      const rule = await ruleFor(q.state, q.licenceType);
      const years = rule?.cycleYears ?? 2;
      let anchor: TCycleAnchor;
      let needs: 'nothing' | 'birth_month' | 'issue_date' = 'nothing';
      const type = rule?.anchorType ?? null;
      if (type === 'birth_month') {
        if (q.birthMonth)
          anchor = { type: 'birth_month', birthMonth: q.birthMonth, birthYear: q.birthYear ?? null };
        else {
          needs = 'birth_month';
          anchor = { type: 'fixed_date', month: 12, day: 31, endYear: null };
        }
      } else if (type === 'individual_license_date') {
        if (q.issueDate) anchor = { type: 'individual_license_date', issueDate: q.issueDate };
        else {
          needs = 'issue_date';
          anchor = { type: 'fixed_date', month: 12, day: 31, endYear: null };
        }
      } else {
        const row = await repo.selectRule(db, q.state, q.licenceType);
        anchor = {
          type: 'fixed_date',
          month: row?.anchor_month ?? 12,
          day: row?.anchor_day ?? 31,
          endYear: parityYear(row?.anchor_parity ?? null),
        };
      }
      return { rule, period: proposePeriod(years, anchor, today()), needs };
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

    /** Deletes the certificate and then its file (a file without its row is never reached). */
    async deleteCertificate(member: TSessionMember, id: string) {
      const row = await ownCertificate(member, id);
      if (!(await repo.deleteCertificate(db, member.id, id))) throw notFound();
      if (row.storage_key) await files.delete(row.storage_key);
    },

    /** Stores the certificate's file privately (type sniffed, size-limited), replacing any earlier one. */
    async attachFile(member: TSessionMember, id: string, incoming: TIncomingFile) {
      const before = await ownCertificate(member, id);
      // Storage limits (0932), step 1: the upload counts against the per-minute and hourly limits.
      await limits.countUpload(member.id);
      const bytes = await readLimited(incoming);
      const type = sniffCertificate(bytes.subarray(0, 16));
      if (!type) throw badRequest(TrackerTexts.FILE_TYPE_REFUSED, 'file');
      const key = `tracker/${member.id}/${newId()}.${type.extension}`;
      await files.put(key, bytes, type.contentType);
      try {
        const allowance = await limits.allowance();
        await db.transaction().execute(async (trx) => {
          // Storage limits, step 2: the allowance, checked with the member's row locked.
          await allowance.reserve(trx, member.id, id, bytes.length);
          await repo.updateCertificate(trx, member.id, id, {
            storage_key: key,
            content_type: type.contentType,
            size_bytes: bytes.length,
            original_name: cleanName(incoming.filename),
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
          ? JSON.stringify(input.categoryCaps.map((c) => ({ topic: c.topic, maxHours: Number(c.maxHours) })))
          : null,
        notes: input.notes || null,
        sources: JSON.stringify(input.sources),
        verified_on: input.verifiedOn,
        verified_by: staff.id,
        updated_at: nowIso(now()),
      };
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
    const holdsDea = licence.holds_dea === 1;
    const engine = engineRule(rule, { holdsDea });
    const site = await repo.selectSiteCompletions(db, memberId);
    const uploads = await repo.selectCertificates(db, memberId);
    type TShown = { source: 'site' | 'upload'; title: string; provider: string };
    const shown = new Map<string, TShown>();
    const credits: TCredit[] = [];
    for (const c of site) {
      const delivery: TTrackerDelivery = c.live ? 'live_webinar' : 'self_study';
      credits.push({
        id: `site-${c.id}`,
        date: c.completedAt.slice(0, 10),
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
    const period = { start: licence.period_start, end: licence.period_end };
    const result = evaluateStanding(engine, period, credits, licence.carry_over_hours);
    const unmet = unmetNeeds(result);
    const gap: TTrackerStanding['gap'] = [];
    for (const topic of unmet.topics) {
      gap.push({
        need: topic,
        label: TRACKER_TOPIC_LABELS[topic] ?? topic,
        courses: await gapCourses(memberId, { topic, liveOnly: false }),
      });
    }
    if (unmet.live) {
      gap.push({
        need: 'live',
        label: TrackerTexts.NEED_LIVE,
        courses: await gapCourses(memberId, { topic: null, liveOnly: true }),
      });
    }
    if (unmet.total) {
      gap.push({
        need: 'total',
        label: TrackerTexts.NEED_TOTAL,
        courses: await gapCourses(memberId, { topic: null, liveOnly: false }),
      });
    }
    const byId = new Map(credits.map((c) => [c.id, c]));
    return {
      licence: presentLicence(licence),
      rule,
      daysLeft: daysBetween(today(), licence.period_end),
      total: result.total,
      live: result.live,
      selfStudy: result.selfStudy,
      topics: result.topics.map((t) =>
        Object.assign({}, t, { label: TRACKER_TOPIC_LABELS[t.topic] ?? t.topic }),
      ),
      conditional: (rule?.mandatory ?? []).flatMap((m) =>
        m.tracked && m.appliesTo
          ? [
              {
                topic: m.topic,
                appliesTo: m.appliesTo,
                applies: requirementApplies(m.appliesTo, { holdsDea }),
              },
            ]
          : [],
      ),
      credits: result.credits
        .map((v) => {
          const c = byId.get(v.id)!;
          return Object.assign({}, shown.get(v.id)!, v, {
            date: c.date,
            hours: c.hours,
            delivery: c.delivery,
            topics: [...c.topics],
            expiresOn: c.expiresOn ?? null,
          });
        })
        .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
      gap,
    };
  }

  function packName(standing: TTrackerStanding) {
    return `ce-audit-${standing.licence.state}-${standing.licence.periodEnd}`;
  }

  function transcript(member: TSessionMember, standing: TTrackerStanding) {
    const memberName = [member.firstname, member.lastname].filter(Boolean).join(' ') || member.username;
    return renderAuditPackOffThread({ memberName, standing, generatedOn: today() });
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

export type TTrackerService = ReturnType<typeof createTrackerService>;
export const TRACKED_TOPICS: ReadonlySet<string> = new Set(TRACKER_MANDATORY_TOPICS);
/** Categories of the dataset that are kept as notes, not bars (decision 1101). */
const NOTE_CATEGORIES: ReadonlySet<string> = new Set(['choice_group', 'sedation_permit', 'permit_specific']);
