import { normalClaimCode } from './events.rules.ts';

/*
 * In-person scan-in and scan-out (issue 42, docs/decisions/1155–1157): the door codes' rotation,
 * how a typed or scanned door code is read, and the in-person credit decision. Pure: the server
 * decides with it, the screens and the tests read the same words.
 */

/** A door code lives for one window; the previous window's code is still taken (1155). */
export const SCAN_ROTATION_MIN = 5;
const ROTATION_MS = SCAN_ROTATION_MIN * 60_000;
/** A door code: the event's claim code, E (entry) or X (exit), and five characters of the HMAC. */
export const SCAN_MAC_LENGTH = 5;
const EVENT_CODE_LENGTH = 6;

export type TScanDirection = 'in' | 'out';
export type TScanMethod = 'code' | 'claim' | 'correction';

export const ScanTexts = {
  PAGE_TITLE: 'Scan in or out',
  RECORDING: 'Recording your scan…',
  IN_DONE: 'You are scanned in',
  OUT_DONE: 'You are scanned out',
  IN_AT: 'Entry recorded at {time}.',
  OUT_AT: 'Exit recorded at {time}.',
  IN_DUPLICATE: 'You were already scanned in at {time}. Nothing changed.',
  OUT_DUPLICATE: 'You were already scanned out at {time}. Nothing changed.',
  IN_NEXT: 'Scan the exit code at the door when you leave: your credit counts the minutes in between.',
  CODE_EXPIRED:
    'This door code has changed since it was shown. Scan the code on the door screen now (codes change every few minutes).',
  CODE_WRONG: 'This is not a door code of any event. Check the code on the door screen.',
  NOT_SCANNING: 'This event does not use scan-in and scan-out. Claim its CE with the event’s code.',
  OUT_BEFORE_IN:
    'No entry is recorded for you at this event, so this exit was not recorded. Scan the entry code, or ask staff at the desk to add your entry.',
  IN_AFTER_OUT:
    'You scanned out already; a new entry was not recorded. Ask staff at the desk if this is wrong.',
  SIGN_IN: 'Sign in to record your scan',
  SIGN_IN_NOTE: 'Your scans count towards the event’s CE, which comes with your free account.',
  EVIDENCE_TITLE: 'Presence at the event',
  DECISION_LIVE: 'In-person credit',
  DECISION_NONE: 'No in-person credit yet',
  SCAN_IN: 'Scan-in',
  SCAN_OUT: 'Scan-out',
  BY_CODE: 'door code',
  BY_CLAIM: 'claim code',
  BY_CORRECTION: 'staff correction',
  REMOVED: 'removed by staff',
  CLAIM_ALREADY_IN: 'You are scanned in at this event already. Nothing changed.',
  CORRECTION_NO_MEMBER: 'This member has no scan at this event.',
  CORRECTION_ISSUED:
    'This change would take away credit already issued. Revoke the certificate first, then correct the scan.',
  CORRECTION_TAKEN: 'This member has a kept {direction} already: remove it first.',
} as const;

/** The rotation window a moment falls in. */
export function scanWindowAt(at: Date): number {
  return Math.floor(at.getTime() / ROTATION_MS);
}

/** The windows whose codes are taken now: the current one, and the previous for a scan in flight. */
export function acceptedScanWindows(at: Date): [number, number] {
  const current = scanWindowAt(at);
  return [current, current - 1];
}

/** When the current window's code stops being shown (the door screen turns over then). */
export function scanWindowEndsAt(at: Date): string {
  return new Date((scanWindowAt(at) + 1) * ROTATION_MS).toISOString();
}

/** A door code as typed or scanned: its event's claim code, its direction and its HMAC part. */
export function readDoorCode(
  raw: string,
): { eventCode: string; direction: TScanDirection; mac: string } | null {
  const code = normalClaimCode(raw);
  if (code.length !== EVENT_CODE_LENGTH + 1 + SCAN_MAC_LENGTH) return null;
  const mark = code[EVENT_CODE_LENGTH];
  if (mark !== 'E' && mark !== 'X') return null;
  return {
    eventCode: code.slice(0, EVENT_CODE_LENGTH),
    direction: mark === 'E' ? 'in' : 'out',
    mac: code.slice(EVENT_CODE_LENGTH + 1),
  };
}

/** The door code printed for people: grouped so it can be read aloud and typed. */
export function doorCodeText(eventCode: string, direction: TScanDirection, mac: string): string {
  return `${eventCode}-${direction === 'in' ? 'E' : 'X'}-${mac}`;
}

export type TKeptScan = { direction: TScanDirection; at: string };
export type TInPersonDecision = {
  decision: 'live' | 'none';
  minutesPresent: number;
  ruleText: string;
  reason: string;
  from: string | null;
  to: string | null;
};

export function inPersonRuleText(minPresenceMin: number): string {
  return `In-person credit needs a scan-in and a scan-out at least ${minPresenceMin} minutes apart.`;
}

/**
 * The in-person decision (1156): minutes present from the kept scan-in to the kept scan-out,
 * whole minutes, against the event's minimum. Without a scan-out there is no credit until staff
 * add it: the member's time in the room is not known.
 */
export function inPersonDecision(minPresenceMin: number, kept: readonly TKeptScan[]): TInPersonDecision {
  const from = kept.find((s) => s.direction === 'in')?.at ?? null;
  const to = kept.find((s) => s.direction === 'out')?.at ?? null;
  const ruleText = inPersonRuleText(minPresenceMin);
  const none = (reason: string, minutesPresent = 0): TInPersonDecision => ({
    decision: 'none',
    minutesPresent,
    ruleText,
    reason,
    from,
    to,
  });
  if (!from) return none('No scan-in is recorded.');
  if (!to) return none('No scan-out is recorded: the time present is not known until staff add it.');
  const minutesPresent = Math.floor((Date.parse(to) - Date.parse(from)) / 60_000);
  if (minutesPresent < 0) return none('The scan-out is before the scan-in.');
  if (minutesPresent < minPresenceMin)
    return none(
      `Present ${minutesPresent} minutes; the event asks at least ${minPresenceMin} (${minPresenceMin - minutesPresent} short).`,
      minutesPresent,
    );
  return {
    decision: 'live',
    minutesPresent,
    ruleText,
    reason: `Present ${minutesPresent} minutes; the event asks at least ${minPresenceMin}.`,
    from,
    to,
  };
}
