import { formatCalendarDay } from '../certificates/certificates.rules.ts';
import { localDayInZone } from '../exams/exams.rules.ts';
import { Texts } from '../texts.ts';

/*
 * The claim window of an in-person event (issue 35, docs/decisions/1042): from the event's start
 * to a number of days after it that staff set (a site setting, 30 by default). Before the start
 * nothing can be claimed: a certificate for a course not yet held is worth nothing.
 */

export const DEFAULT_CLAIM_WINDOW_DAYS = 30;
export const MAX_CLAIM_WINDOW_DAYS = 365;

/** The setting's days, or the default when it is unset or not a whole number in range. */
export function claimWindowDays(setting: string | null | undefined): number {
  const days = Number(setting);
  return Number.isInteger(days) && days >= 1 && days <= MAX_CLAIM_WINDOW_DAYS
    ? days
    : DEFAULT_CLAIM_WINDOW_DAYS;
}

export type TClaimWindow = { opensAt: string; closesAt: string };

/** The window of an event starting at `startsAt` (ISO): it closes `days` days after the start. */
export function claimWindow(startsAt: string, days: number): TClaimWindow {
  const opens = new Date(startsAt);
  return {
    opensAt: opens.toISOString(),
    closesAt: new Date(opens.getTime() + days * 86_400_000).toISOString(),
  };
}

export type TClaimWindowState = 'not-yet' | 'open' | 'closed';

export function claimWindowState(window: TClaimWindow, at: Date): TClaimWindowState {
  const t = at.toISOString();
  return t < window.opensAt ? 'not-yet' : t > window.closesAt ? 'closed' : 'open';
}

/** Why a claim is refused outside the window, with the day in the member's zone. */
export function claimRefusalText(
  state: Exclude<TClaimWindowState, 'open'>,
  window: TClaimWindow,
  timeZone: string | null | undefined,
): string {
  const at = state === 'not-yet' ? window.opensAt : window.closesAt;
  const day = formatCalendarDay(localDayInZone(new Date(at), timeZone));
  return (state === 'not-yet' ? Texts.CLAIM_NOT_YET : Texts.CLAIM_CLOSED).replace('{date}', day);
}
