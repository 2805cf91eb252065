import { Limits } from '../constants.ts';
import { Texts } from '../texts.ts';

/*
 * Pure rules of evaluation, survey and exam (02 §2, §5, §9; 03 §6): grading, the member's own
 * day for the exams-per-day limit, option letters and the survey's wording.
 */

/** The member's calendar day ('YYYY-MM-DD') from the browser's getTimezoneOffset() (UTC − local, minutes). */
export function localDayFromOffset(now: Date, tzOffsetMin: number): string {
  return new Date(now.getTime() - tzOffsetMin * 60_000).toISOString().slice(0, 10);
}

// Building an Intl.DateTimeFormat costs far more than using one (about 0.1–1 ms, on every class
// poll and member-list row: bench/RESULTS.md), so one is kept per zone. null: an unknown zone.
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  if (!dayFormats.has(timeZone)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      // An unknown zone: the day is taken in UTC below.
    }
    // Zones are a few hundred names; a bound keeps bad input from growing the map.
    if (dayFormats.size < 1_000) dayFormats.set(timeZone, format);
    return format;
  }
  return dayFormats.get(timeZone) ?? null;
}

/** The calendar day ('YYYY-MM-DD') in an IANA time zone; UTC when the zone is unknown. */
export function localDayInZone(now: Date, timeZone: string | null | undefined): string {
  return dayFormat(timeZone || 'UTC')?.format(now) ?? now.toISOString().slice(0, 10);
}

/**
 * Zones for the offsets that are not whole hours (getTimezoneOffset() values), so a proposal from
 * the browser keeps the member's real midnight.
 */
const ZONE_OF_FRACTIONAL_OFFSET = new Map<number, string>([
  [570, 'Pacific/Marquesas'],
  [210, 'America/St_Johns'],
  [150, 'America/St_Johns'],
  [-270, 'Asia/Kabul'],
  [-330, 'Asia/Kolkata'],
  [-345, 'Asia/Kathmandu'],
  [-390, 'Asia/Yangon'],
  [-525, 'Australia/Eucla'],
  [-570, 'Australia/Darwin'],
  [-630, 'Australia/Adelaide'],
  [-765, 'Pacific/Chatham'],
  [-825, 'Pacific/Chatham'],
]);

/**
 * The zone the browser's offset proposes, for a member whose profile has none (issue 28): a zone
 * whose offset it is, 'Etc/GMT±N' for whole hours (POSIX sign: Etc/GMT+5 is UTC−5).
 */
export function zoneFromOffset(tzOffsetMin: number): string {
  const named = ZONE_OF_FRACTIONAL_OFFSET.get(tzOffsetMin);
  if (named) return named;
  const hours = Math.max(-14, Math.min(12, Math.round(tzOffsetMin / 60)));
  if (hours === 0) return 'UTC';
  return `Etc/GMT${hours > 0 ? '+' : '-'}${Math.abs(hours)}`;
}

/** Minutes the zone is ahead of UTC at an instant (UTC+5:30 → 330). */
function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the member's current calendar day began in a zone (UTC when unknown). */
export function startOfLocalDay(now: Date, timeZone: string | null | undefined): Date {
  const zone = timeZone && dayFormat(timeZone) ? timeZone : 'UTC';
  const midnightAsUtc = Date.parse(`${localDayInZone(now, zone)}T00:00:00Z`);
  // Midnight's own offset can differ from now's (a DST change that day): settle it twice.
  let start = midnightAsUtc - zoneOffsetMinutes(now, zone) * 60_000;
  start = midnightAsUtc - zoneOffsetMinutes(new Date(start), zone) * 60_000;
  return new Date(start);
}

/** Exams a home-study member may still submit today (02 §9: 10 a day, none below 0). */
export function examsLeftToday(submittedToday: number): number {
  return Math.max(0, Limits.EXAMS_PER_DAY - submittedToday);
}

export type TGrading = { correct: number; total: number; score: number; grades: boolean[]; passed: boolean };

/**
 * Grades selected option numbers against the correct ones (03 §6): score = correct / questions
 * × 100, passed when score ≥ minScore. The comparison is done in whole numbers so that a score
 * exactly at the pass mark never fails on a rounding error.
 */
export function gradeAnswers(correctOptions: number[], answers: number[], minScore: number): TGrading {
  const grades = correctOptions.map((option, i) => answers[i] === option);
  const correct = grades.filter(Boolean).length;
  const total = correctOptions.length;
  const score = total === 0 ? 0 : Math.round((correct / total) * 10_000) / 100;
  return { correct, total, score, grades, passed: total > 0 && correct * 100 >= minScore * total };
}

/** What a failed grading tells the member (02 §2 Exam: the score, and to review and resubmit). */
export function failedExamMessage(score: number, minScore: number): string {
  return `Your score is ${formatScore(score)}. A score of ${minScore}% or higher is required to pass. Review your answers and resubmit.`;
}

/** '80%', '66.67%'. */
export function formatScore(score: number): string {
  return `${Math.round(score * 100) / 100}%`;
}

const LETTERS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

export type TExamOption = { number: number; letter: string; text: string };

/** The options of a question that exist (02 §2: null options hidden), numbered 1–6 and lettered a–f. */
export function examOptions(
  question: Record<`option${1 | 2 | 3 | 4 | 5 | 6}`, string | null>,
): TExamOption[] {
  const options: TExamOption[] = [];
  for (let n = 1; n <= Limits.EXAM_OPTIONS_MAX; n++) {
    const text = question[`option${n}` as `option${1 | 2 | 3 | 4 | 5 | 6}`];
    if (text !== null && text !== '') options.push({ number: n, letter: LETTERS[n - 1]!, text });
  }
  return options;
}

export type TSurveyQuestionType = 'yesno' | 'single' | 'multi';

/** 'To proceed to your CE exam, please complete this N-question survey.' (02 §2). */
export function surveyHeadline(questionCount: number): string {
  return `To proceed to your CE exam, please complete this ${questionCount}-question survey.`;
}

/** Footer 'Question i/N' (02 §2), i counted from 1. */
export function surveyProgress(index: number, count: number): string {
  return `Question ${index + 1}/${count}`;
}

/** The hint under a question (02 §2): multi '(select all that apply)', otherwise '(select one)'. */
export function surveyHint(type: TSurveyQuestionType): string {
  return type === 'multi' ? '(select all that apply)' : '(select one)';
}

/** Yes/no and single allow one pick, multi several; at least one is needed (02 §5). */
export function isSurveySelectionValid(type: TSurveyQuestionType, choiceCount: number): boolean {
  return type === 'multi' ? choiceCount >= 1 : choiceCount === 1;
}

/** One question of an exam page drawn from a pool: its id and the original option at each shown position. */
export type TServedQuestion = { id: string; order: number[] };

type TPoolQuestion = { id: string; options: readonly (string | null)[] };

/** Fisher–Yates with the caller's randomness (crypto on the server). */
function shuffled<T>(items: readonly T[], randomInt: (below: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * An exam page drawn from a pool (issue 28, decision 0908): `count` of the questions, kept in the
 * exam's order, each with its filled options in a random order. Questions the member's previous
 * page asked are drawn only when the rest of the pool is too small (issue 35, decision 1044), so
 * the next attempt asks other questions wherever the pool allows.
 */
export function drawExamPage(
  pool: readonly TPoolQuestion[],
  count: number,
  randomInt: (below: number) => number,
  previouslyAsked: ReadonlySet<string> = new Set(),
): TServedQuestion[] {
  const indexes = pool.map((_, i) => i);
  const fresh = shuffled(
    indexes.filter((i) => !previouslyAsked.has(pool[i]!.id)),
    randomInt,
  );
  const asked = shuffled(
    indexes.filter((i) => previouslyAsked.has(pool[i]!.id)),
    randomInt,
  );
  const chosen = new Set([...fresh, ...asked].slice(0, Math.max(1, count)));
  return pool
    .filter((_, i) => chosen.has(i))
    .map((q) => {
      const filled = q.options.flatMap((option, i) => (option === null || option === '' ? [] : [i + 1]));
      return { id: q.id, order: shuffled(filled, randomInt) };
    });
}

/**
 * The questions as one served page shows them: options in the served order (unfilled positions
 * after them empty), the correct option renumbered to where it was shown. null when a served
 * question is gone (the exam was edited since).
 */
export function questionsAsServed<
  Q extends { id: string; correct_option: number } & Record<`option${1 | 2 | 3 | 4 | 5 | 6}`, string | null>,
>(questions: readonly Q[], page: readonly TServedQuestion[]): Q[] | null {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const out: Q[] = [];
  for (const served of page) {
    const q = byId.get(served.id);
    if (!q) return null;
    const original = [q.option1, q.option2, q.option3, q.option4, q.option5, q.option6];
    const shown = Array.from({ length: 6 }, (_, i) =>
      served.order[i] ? (original[served.order[i]! - 1] ?? null) : null,
    );
    const correct = served.order.indexOf(q.correct_option) + 1;
    out.push({
      ...q,
      option1: shown[0]!,
      option2: shown[1]!,
      option3: shown[2]!,
      option4: shown[3]!,
      option5: shown[4]!,
      option6: shown[5]!,
      correct_option: correct,
    } as Q);
  }
  return out;
}

/**
 * What the console says of an exam's pool (issue 35, decision 1044): how many questions an
 * attempt asks, and how many the next attempt asks anew (drawExamPage prefers those).
 */
export function examPoolSummary(poolSize: number, drawCount: number | null): string {
  if (!drawCount || drawCount >= poolSize) return Texts.EXAM_POOL_ALL.replace('{pool}', String(poolSize));
  const fresh = Math.min(drawCount, poolSize - drawCount);
  const summary = Texts.EXAM_POOL_DRAW.replace('{count}', String(drawCount))
    .replace('{pool}', String(poolSize))
    .replace('{fresh}', String(fresh));
  return fresh < drawCount
    ? `${summary} ${Texts.EXAM_POOL_MORE.replace('{needed}', String(2 * drawCount))}`
    : summary;
}
