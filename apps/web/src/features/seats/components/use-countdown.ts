import { isCountdownAlarmDue, Timing } from '@opence/shared';
import { useEffect, useState } from 'react';

export type TCountdown = {
  /** Whole seconds until the start, by the server's clock; negative once started. */
  secondsLeft: number;
  /** The alarm is due: the time left, in whole minutes, is at or under the threshold (02 §4). */
  isAlarmDue: boolean;
};

/**
 * Counts down to a release date by the second (02 §4, §9) and stops at zero. clockOffsetMs
 * corrects the browser's clock to the server's, so a wrong clock on the member's device does
 * not open the room early or late.
 */
export function useCountdown(releaseDateUTC: string, clockOffsetMs: number, alarmSec: number): TCountdown {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.floor((Date.parse(releaseDateUTC) - (now + clockOffsetMs)) / 1000);
  const isRunning = secondsLeft > 0;
  useEffect(() => {
    if (!isRunning) return;
    const timer = window.setInterval(() => setNow(Date.now()), Timing.COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [isRunning]);
  return { secondsLeft, isAlarmDue: isCountdownAlarmDue(secondsLeft, alarmSec) };
}
