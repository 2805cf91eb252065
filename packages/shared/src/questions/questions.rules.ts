/*
 * Questions to a webinar's presenter (issue 42, docs/decisions/1160–1162): the pure rules the
 * server and the browser share.
 */

export const QUESTION_MAX_LENGTH = 500;
export const ANSWER_MAX_LENGTH = 1000;
export const HIDE_REASON_MIN_LENGTH = 3;
export const HIDE_REASON_MAX_LENGTH = 300;

/** Questions one member may send in the window, over all webinars (1161). */
export const QUESTION_RATE_LIMIT = { hits: 5, windowMs: 10 * 60_000 } as const;

/** How often the console's list refreshes while the webinar is live (1162). */
export const QUESTIONS_LIVE_REFRESH_MS = 10_000;
/** The console refreshes from this long before the start: questions arrive as the room fills. */
export const QUESTIONS_LIVE_FROM_MS = 60 * 60_000;

/** Control characters other than the line break (tabs become spaces). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A question as it is kept: plain text, the line breaks the member typed (at most one empty line
 * in a row), no invisible or direction-changing characters, trimmed. Markup stays as typed
 * ("< 2 mm" is a fair question) and is only ever shown as text.
 */
export function plainQuestionText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(CONTROL, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** When a webinar stops taking questions and votes: at its scheduled end. */
export function questionsCloseAt(releaseAt: string, durationMin: number): number {
  return Date.parse(releaseAt) + durationMin * 60_000;
}

export function isTakingQuestions(releaseAt: string, durationMin: number, nowMs: number): boolean {
  return nowMs < questionsCloseAt(releaseAt, durationMin);
}

/** While the console's list refreshes by itself: from an hour before the start to the end. */
export function isQuestionsLive(releaseAt: string, durationMin: number, nowMs: number): boolean {
  return (
    nowMs >= Date.parse(releaseAt) - QUESTIONS_LIVE_FROM_MS &&
    isTakingQuestions(releaseAt, durationMin, nowMs)
  );
}
