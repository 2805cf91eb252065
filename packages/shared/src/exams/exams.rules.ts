import { Limits } from '../constants.ts';

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
