import { hoursText } from '../certificates/credit-wording.rules.ts';
import { TrackerTexts as T } from '../texts.ts';
import type { TRequirementResult } from './tracker.requirements.ts';
import { trackerDay } from './tracker.rules.ts';

/*
 * How a requirement of a licence reads, on /tracker and in the audit pack alike (issue 36): what
 * it is (hours, a course, once, a card, the board's assessment), and whether it is done, missing,
 * not needed (and why) or waits for an answer.
 */

/** A text with its {placeholders} filled in. */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/** The fields of a standing's requirement (as the API sends it) that its wording reads. */
export type TRequirementWords = Pick<
  TRequirementResult,
  'kind' | 'status' | 'reason' | 'ask' | 'required' | 'counted' | 'validUntil' | 'doneOn'
> &
  Pick<TRequirementResult, 'frequency' | 'appliesTo' | 'note'> & {
    /** Years a credit counts back from the period's end; 0: the period; -1: any time. */
    windowYears: number;
  };

/** The licence facts a requirement's wording names: its first issue day and its period's end. */
export type TRequirementLicence = { issuedOn: string | null; periodEnd: string };

/** 'Done', 'Missing', 'Not needed', 'Tell us', or 'Check' for a note the member checks. */
export function requirementStatusText(r: Pick<TRequirementWords, 'kind' | 'status'>): string {
  if (r.kind === 'note' && r.status === 'unknown') return T.STATUS_NOTE;
  return {
    met: T.STATUS_MET,
    missing: T.STATUS_MISSING,
    not_applicable: T.STATUS_NOT_APPLICABLE,
    unknown: T.STATUS_UNKNOWN,
  }[r.status];
}

/** What the requirement asks, or why it is not needed, or what the tracker needs to know. */
export function requirementDetail(r: TRequirementWords, licence: TRequirementLicence): string {
  if (r.status === 'not_applicable') {
    if (r.reason === 'no_dea') return T.REQ_NA_NO_DEA;
    if (r.reason === 'no_permit') return T.REQ_NA_NO_PERMIT;
    if (r.reason === 'first_period') return T.REQ_NA_FIRST_PERIOD;
    return fillText(T.REQ_NA_AFTER_FIRST, { date: trackerDay(licence.issuedOn ?? '') });
  }
  if (r.kind === 'note') return fillText(T.REQ_NOTE, { text: r.note ?? r.appliesTo ?? r.frequency ?? '' });
  if (r.status === 'unknown') {
    if (r.ask === 'issued_on') return T.REQ_ASK_ISSUED_ON;
    return fillText(T.REQ_ASK_CHECK, { appliesTo: r.appliesTo ?? '' });
  }
  const windowText = r.windowYears > 0 ? ` · ${fillText(T.REQ_WINDOW_YEARS, { years: r.windowYears })}` : '';
  switch (r.kind) {
    case 'hours':
      return `${fillText(T.REQ_HOURS, { counted: hoursText(r.counted), required: hoursText(r.required ?? 0) })}${windowText}`;
    case 'course':
      return `${T.REQ_COURSE}${windowText}`;
    case 'once':
      if (r.doneOn) return fillText(T.REQ_DONE_ON, { date: trackerDay(r.doneOn) });
      return r.required ? fillText(T.REQ_ONCE_HOURS, { required: hoursText(r.required) }) : T.REQ_ONCE;
    case 'card':
      return r.validUntil
        ? fillText(T.REQ_CARD_VALID, { date: trackerDay(r.validUntil) })
        : `${fillText(T.REQ_CARD, { date: trackerDay(licence.periodEnd) })}. ${T.GAP_CARD}`;
    case 'assessment':
      return r.doneOn ? fillText(T.REQ_PASSED_ON, { date: trackerDay(r.doneOn) }) : T.REQ_ASSESSMENT;
  }
}

/** A rule record's confidence in words: 'from the rule’s text or the board’s own page' … */
export function ruleConfidenceText(confidence: string): string {
  const words: Record<string, string> = {
    sourced: T.KNOW_CONF_SOURCED,
    partial: T.KNOW_CONF_PARTIAL,
    unverified: T.KNOW_CONF_UNVERIFIED,
  };
  return words[confidence] ?? confidence;
}
