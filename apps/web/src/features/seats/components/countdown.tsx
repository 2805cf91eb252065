import { countdownText } from '@opence/shared';

/**
 * The countdown's text (02 §4). A timer role, not a live region: screen readers read it when
 * asked instead of every second.
 */
export function Countdown({ secondsLeft, isAlarmDue }: { secondsLeft: number; isAlarmDue: boolean }) {
  return (
    <p className={isAlarmDue ? 'countdown is-alarm' : 'countdown'} role="timer" aria-atomic="true">
      {countdownText(secondsLeft)}
    </p>
  );
}
