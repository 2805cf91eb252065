import { isCountdownAlarmDue, Timing } from '@opence/shared';
import { useEffect, useState } from 'react';
import { useFirstRenderTime } from '../../../lib/hydration.ts';

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
  // From the time the server drew the room at, where the browser takes its screen over (0833).
  const [now, setNow] = useState(useFirstRenderTime());
  const secondsLeft = Math.floor((Date.parse(releaseDateUTC) - (now + clockOffsetMs)) / 1000);
  const isRunning = secondsLeft > 0;
  useEffect(() => {
    // The first tick at once: the server may have drawn the room a moment ago.
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = isRunning ? window.setInterval(tick, Timing.COUNTDOWN_TICK_MS) : undefined;
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [isRunning]);
  return { secondsLeft, isAlarmDue: isCountdownAlarmDue(secondsLeft, alarmSec) };
}
