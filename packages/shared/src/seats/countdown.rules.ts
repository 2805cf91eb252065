import { Texts } from '../texts.ts';

function unit(n: number, name: string): string {
  return `${n} ${name}${n === 1 ? '' : 's'}`;
}

/**
 * Countdown text (02 §4): 'Webinar in Progress...' at 0 or less; otherwise days, hours and
 * minutes, with seconds only when under 5 minutes. Leading zero units are left out.
 */
export function countdownText(secondsLeft: number): string {
  if (secondsLeft <= 0) return Texts.WEBINAR_IN_PROGRESS;
  const total = Math.floor(secondsLeft);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(unit(days, 'day'));
  if (days > 0 || hours > 0) parts.push(unit(hours, 'hour'));
  parts.push(unit(minutes, 'minute'));
  if (total < 300) parts.push(unit(seconds, 'second'));
  return parts.join(' ');
}

/**
 * The countdown's alarm (02 §4): due once the time left, rounded down to whole minutes, is at
 * or under the threshold.
 */
export function isCountdownAlarmDue(secondsLeft: number, thresholdSec: number): boolean {
  return Math.floor(secondsLeft / 60) * 60 <= thresholdSec;
}
