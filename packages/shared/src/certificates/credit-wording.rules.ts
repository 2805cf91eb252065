/*
 * How a certificate names its subject and its hours (issue 35, docs/decisions/1041).
 */

/**
 * AGD subject codes and their names, from the AGD's published subject code list (the codes this
 * product's courses use; a class's own subject name, set by staff, wins over this table).
 */
export const AGD_SUBJECT_NAMES: Readonly<Record<string, string>> = {
  '010': 'Basic Sciences',
  '070': 'Endodontics',
  '148': 'Infection Control',
  '180': 'Occlusion',
  '250': 'Operative (Restorative) Dentistry',
  '310': 'Oral and Maxillofacial Surgery',
  '340': 'Anesthesia and Pain Management',
  '370': 'Orthodontics',
  '430': 'Pediatric Dentistry',
  '490': 'Periodontics',
  '550': 'Practice Management and Human Relations',
  '610': 'Removable Prosthodontics',
  '670': 'Fixed Prosthodontics',
  '690': 'Implants',
  '730': 'Oral Medicine, Oral Diagnosis, Oral Pathology',
  '750': 'Special Patient Care',
  '770': 'Self-Improvement',
  '780': 'Esthetics (Cosmetic Dentistry)',
};

/** The subject's name for a code: the course's own when staff gave one, else the AGD list's; null when neither. */
export function agdSubjectName(code: string | null | undefined, ownName?: string | null): string | null {
  const own = ownName?.trim();
  if (own) return own;
  return code ? (AGD_SUBJECT_NAMES[code.trim()] ?? null) : null;
}

/** '690 Implants': the code with its name, or the code alone when no name is known. */
export function agdSubjectText(code: string | null | undefined, ownName?: string | null): string | null {
  const trimmed = code?.trim();
  if (!trimmed) return null;
  const name = agdSubjectName(trimmed, ownName);
  return name ? `${trimmed} ${name}` : trimmed;
}

/** Hours as the site prints them (certificates, transcript, tracker, audit pack): at most two decimals, no trailing zeros. */
export const hoursText = (hours: number) => String(Math.round(hours * 100) / 100);

/**
 * Credits as a certificate prints them: CE credit hours (contact hours). A CEU is ten contact
 * hours by convention (IACET), so it is added, converted, only where a board asks for CEUs.
 */
export function creditHoursText(hours: number, options: { withCeu?: boolean } = {}): string {
  const base = `${hoursText(hours)} CE credit ${hours === 1 ? 'hour' : 'hours'}`;
  return options.withCeu ? `${base} (${hoursText(hours / 10)} CEU)` : base;
}

/** The state codes of a setting written as 'MA, NH' (upper case, two letters each). */
export function stateList(setting: string | null | undefined): string[] {
  return (setting ?? '')
    .split(/[\s,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter((s) => /^[A-Z]{2}$/.test(s));
}

/** The approvals a course of this provider carries, as boards name them. */
export type TCourseApprovals = { agdPace: boolean; adaCerp: boolean; californiaBoard: boolean };

/**
 * Whether a board (its rule's accepted providers) accepts a course with these approvals: true
 * or false when the rule names providers, null when it names none (the data does not say).
 */
export function boardAcceptsCourse(
  acceptedProviders: readonly string[] | null | undefined,
  approvals: TCourseApprovals,
): boolean | null {
  if (!acceptedProviders || acceptedProviders.length === 0) return null;
  const names = acceptedProviders.map((p) => p.toLowerCase());
  const mentions = (test: RegExp) => names.some((n) => test.test(n));
  if (approvals.agdPace && mentions(/\bagd\b|\bpace\b/)) return true;
  if (approvals.adaCerp && mentions(/\bada\b|\bcerp\b/)) return true;
  if (approvals.californiaBoard && mentions(/dental board of california/)) return true;
  // 'as for dentists' points at another rule: this one alone does not say.
  return mentions(/\bas for\b/) ? null : false;
}

/** A licence as documents name it: 'CA dentist, licence 54321'. */
export function licenceText(licence: { state: string; licenceType: string; licenceNumber: string }): string {
  const type = licence.licenceType.replace(/_/g, ' ');
  return [licence.state, type].filter(Boolean).join(' ') + `, licence ${licence.licenceNumber}`;
}
