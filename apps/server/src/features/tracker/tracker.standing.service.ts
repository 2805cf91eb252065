import {
  categoryRoom,
  ClassType,
  daysBetween,
  evaluateRequirements,
  evaluateStanding,
  hasNothingToView,
  inExemptFirstPeriod,
  isFillableByCourse,
  lessonKind,
  requirementApplies,
  suggestCourses,
  TrackerTexts,
  type TCredit,
  type TLicenceFacts,
  type TRequirementRule,
  type TRequirementResult,
  type TSuggestionCandidate,
  type TSuggestionNeed,
  type TTrackerDelivery,
  trackerDeliveryOf,
  seatsLeft,
} from '@opence/shared';
import type { TTrackerRule, TTrackerStanding, TTrackerSuggestion } from '@opence/shared/schemas';
import { nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import type { TTrackerContext } from './tracker.context.ts';
import { presentLicence } from './tracker.presenter.ts';
import * as licencesRepo from './tracker.licences.repo.ts';
import * as certificatesRepo from './tracker.certificates.repo.ts';
import * as repo from './tracker.standing.repo.ts';

/*
 * Where a member stands for a licence's period (the shared requirement engine over the site's
 * completions and the uploads), and free courses for what is missing.
 */

const SUGGESTIONS_PER_NEED = 5;
/** Courses read to choose suggestions from: the newest, and the newest on each missing topic. */
const CANDIDATES = 150;

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

export function createTrackerStandings(ctx: TTrackerContext) {
  const { db, now, today, ruleFor, ownLicence } = ctx;

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
          seatsLeft: live ? seatsLeft(c.capacity, Number(c.seats_taken ?? 0)) : null,
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
  function factsOf(licence: licencesRepo.TLicenceRow): TLicenceFacts {
    let permits: string[] = [];
    try {
      permits = JSON.parse(licence.permits) as string[];
    } catch {
      permits = [];
    }
    return { holdsDea: licence.holds_dea === 1, permits, issuedOn: licence.issued_on };
  }

  return {
    async standing(member: TSessionMember, id: string): Promise<TTrackerStanding> {
      return standingOf(member.id, await ownLicence(member, id));
    },

    /** What the renewal plan gives the checker: the member's own licence, its rule and credits. */
    async checkerInputs(member: TSessionMember, id: string) {
      const licence = await ownLicence(member, id);
      return { licence, ...(await checkerInputs(member.id, licence)) };
    },

    /** A licence's standing for the deadline reminders (the licence found by its member's id). */
    async standingFor(memberId: string, licenceId: string): Promise<TTrackerStanding | null> {
      const licence = await licencesRepo.selectLicence(db, memberId, licenceId);
      return licence ? standingOf(memberId, licence) : null;
    },
  };

  /** What the checker reads for a licence: its rule, period, answers and every credit the member holds. */
  async function checkerInputs(memberId: string, licence: licencesRepo.TLicenceRow) {
    const rule = await ruleFor(licence.state, licence.licence_type);
    const facts = factsOf(licence);
    const period = { start: licence.period_start, end: licence.period_end };
    const checks = await licencesRepo.selectChecks(db, [licence.id]);
    const site = await repo.selectSiteCompletions(db, memberId);
    const uploads = await certificatesRepo.selectCertificates(db, memberId);
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
    return { rule, facts, period, checks, credits, shown, context, exempt, engine };
  }

  async function standingOf(memberId: string, licence: licencesRepo.TLicenceRow): Promise<TTrackerStanding> {
    const { rule, facts, period, checks, credits, shown, context, exempt, engine } = await checkerInputs(
      memberId,
      licence,
    );
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

export type TTrackerStandings = ReturnType<typeof createTrackerStandings>;
