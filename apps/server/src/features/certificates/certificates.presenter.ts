import {
  DEFAULT_TIME_ZONE,
  agdSubjectText,
  certificatePdfUrl,
  creditHoursText,
  creditLabel,
  deliveryWording,
  formatCalendarDay,
  isDatedByEvent,
  localDayInZone,
  objectivesList,
  studentName,
  verifyPath,
} from '@opence/shared';
import type { TCertificateDetails, TCertificateLicence, TVerifyResponse } from '@opence/shared/schemas';
import type { TCompletionRow } from './certificates.repo.ts';

/** The provider's details and statements (03 §7): settings filled in by staff. */
export type TProvider = {
  brand: string;
  name: string;
  contact: string;
  agdPaceProviderId: string;
  approvalStart: string;
  approvalEnd: string;
  approvalStatement: string;
  adaCerpStatement: string | null;
  ukCpdStatement: string | null;
  /** Who signs for the provider (decision 1043); null until staff set both name and title. */
  signatory: { name: string; title: string } | null;
  /** The stored signature image's URL (/media/signatures/….png), when staff uploaded one. */
  signatureImageUrl: string | null;
};

export function providerFromSettings(raw: Record<string, string>): TProvider {
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  const signatoryName = optional(raw.signatoryName);
  const signatoryTitle = optional(raw.signatoryTitle);
  return {
    brand: raw.brand || 'OpenCE',
    name: raw.providerName ?? '',
    contact: raw.providerContact ?? '',
    agdPaceProviderId: raw.agdPaceProviderId ?? '',
    approvalStart: raw.agdApprovalStart ?? '',
    approvalEnd: raw.agdApprovalEnd ?? '',
    approvalStatement: raw.agdApprovalStatement ?? '',
    adaCerpStatement: optional(raw.adaCerpStatement),
    ukCpdStatement: optional(raw.ukCpdStatement),
    signatory: signatoryName && signatoryTitle ? { name: signatoryName, title: signatoryTitle } : null,
    signatureImageUrl: optional(raw.signatureImage),
  };
}

/** Everything a certificate shows (03 §7), gathered once for the PDF, the modal and the mail. */
export type TCertificateData = {
  participantName: string;
  agdNumber: string | null;
  /** The licences it is for, as the member chose them (decision 1045). */
  licences: string[];
  courseTitle: string;
  courseNumber: string | null;
  caCourseNumber: string | null;
  dateCompleted: string;
  creditHours: number;
  creditHoursText: string;
  creditType: string;
  /** '690 Implants': the AGD subject code with its name. */
  subjectCode: string | null;
  /** How the credit was earned (decision 1040) and the words that follow from it. */
  delivery: string;
  method: string;
  format: string;
  cerpActivity: string;
  lecturer: string | null;
  location: string;
  description: string;
  learningObjectives: string[];
  supporterName: string | null;
  provider: TProvider;
  approvalPeriod: string;
  certificateNumber: string;
  certUrl: string;
  verificationUrl: string;
  isDuplicate: boolean;
  /** How attendance was established; null for self-instruction. */
  attendanceVerification: string | null;
};

/**
 * The day the certificate names: a live course's (webinar or in-person event) own date, else the
 * day the exam was passed, in the member's zone.
 */
export function completionDay(row: TCompletionRow): string {
  const zone = row.time_zone || DEFAULT_TIME_ZONE;
  if (isDatedByEvent(row.delivery) && row.class_release_at)
    return localDayInZone(new Date(row.class_release_at), zone);
  return row.local_day ?? localDayInZone(new Date(row.completed_at), zone);
}

/** Where the course was held: an in-person event's place, else where its delivery happens. */
export function completionPlace(row: TCompletionRow): string {
  return row.delivery === 'in_person' && row.event_place
    ? row.event_place
    : deliveryWording(row.delivery).place;
}

const approvalPeriod = (p: TProvider) =>
  [p.approvalStart, p.approvalEnd].filter(Boolean).map(formatCalendarDay).join(' – ');

export function presentCertificateData(
  row: TCompletionRow,
  provider: TProvider,
  links: { publicUrl: string; isDuplicate: boolean },
  licences: { chosen: string[]; withCeu: boolean },
): TCertificateData {
  const lecturer = [row.speaker_name, row.speaker_credentials].filter(Boolean).join(', ');
  const wording = deliveryWording(row.delivery);
  const credits = Number(row.credits);
  return {
    participantName: studentName(row.firstname, row.lastname),
    agdNumber: row.agd_number,
    licences: licences.chosen,
    courseTitle: row.title ?? '',
    courseNumber: row.course_number,
    caCourseNumber: row.ca_course_number,
    dateCompleted: formatCalendarDay(completionDay(row)),
    creditHours: credits,
    creditHoursText: creditHoursText(credits, { withCeu: licences.withCeu }),
    creditType: creditLabel(Number(row.ce_type_id)),
    subjectCode: agdSubjectText(row.agd_code, row.agd_category),
    delivery: row.delivery,
    method: wording.method,
    format: wording.format,
    cerpActivity: wording.cerp,
    lecturer: lecturer || null,
    location: completionPlace(row),
    description: row.description ?? '',
    learningObjectives: objectivesList(row.learning_objectives),
    supporterName: row.company_name,
    provider,
    approvalPeriod: approvalPeriod(provider),
    certificateNumber: row.certificate_number,
    certUrl: certificatePdfUrl(links.publicUrl, row.certificate_number),
    verificationUrl: `${links.publicUrl}${verifyPath(row.certificate_number)}`,
    isDuplicate: links.isDuplicate,
    attendanceVerification: wording.attendance,
  };
}

/** What the certificate modal shows (02 §2), with the member's licences to choose from. */
export function presentCertificateDetails(
  data: TCertificateData,
  licences: TCertificateLicence[],
): TCertificateDetails {
  return {
    certificateNumber: data.certificateNumber,
    courseNumber: data.courseNumber,
    studentName: data.participantName,
    courseTitle: data.courseTitle,
    lecturer: data.lecturer,
    dateCompleted: data.dateCompleted,
    method: data.method,
    format: data.format,
    creditType: data.creditType,
    creditHours: data.creditHours,
    subjectCode: data.subjectCode,
    description: data.description,
    learningObjectives: data.learningObjectives,
    supporterName: data.supporterName,
    providerName: data.provider.name,
    providerContact: data.provider.contact,
    accreditationStatement: data.provider.approvalStatement,
    approvalPeriod: data.approvalPeriod,
    adaCerpStatement: data.provider.adaCerpStatement,
    ukCpdStatement: data.provider.ukCpdStatement,
    certUrl: data.certUrl,
    verifyUrl: data.verificationUrl,
    attendanceVerification: data.attendanceVerification,
    location: data.location,
    creditHoursText: data.creditHoursText,
    signatory: data.provider.signatory,
    licences,
  };
}

/**
 * What the public verification page confirms (03 §7): holder, course, date, credits, how the
 * credit was earned and who signed for the provider; nothing of the member's own (no licence).
 */
export function presentVerification(data: TCertificateData): Omit<TVerifyResponse, 'status'> {
  return {
    certificateNumber: data.certificateNumber,
    holderName: data.participantName,
    courseTitle: data.courseTitle,
    courseNumber: data.courseNumber,
    dateCompleted: data.dateCompleted,
    credits: data.creditHours,
    creditType: data.creditType,
    providerName: data.provider.name,
    method: data.method,
    format: data.format,
    location: data.location,
    creditHoursText: data.creditHoursText,
    subjectCode: data.subjectCode,
    signatory: data.provider.signatory,
  };
}
