import {
  DEFAULT_TIME_ZONE,
  CERTIFICATE_LOCATION,
  CERTIFICATE_METHOD,
  CeType,
  certificateFormat,
  certificatePdfUrl,
  ClassType,
  creditLabel,
  formatCalendarDay,
  localDayInZone,
  objectivesList,
  studentName,
  Texts,
  verifyPath,
} from '@opence/shared';
import type { TCertificateDetails, TVerifyResponse } from '@opence/shared/schemas';
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
};

export function providerFromSettings(raw: Record<string, string>): TProvider {
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : null);
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
  };
}

/** Everything a certificate shows (03 §7), gathered once for the PDF, the modal and the mail. */
export type TCertificateData = {
  participantName: string;
  agdNumber: string | null;
  licenseNumber: string | null;
  licenseState: string | null;
  courseTitle: string;
  courseNumber: string | null;
  caCourseNumber: string | null;
  dateCompleted: string;
  creditHours: number;
  creditType: string;
  subjectCode: string | null;
  method: string;
  format: string;
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
  /** How the attendance behind live credit was verified (issue 25); null for self-study. */
  attendanceVerification: string | null;
};

/** The day the certificate names: a live class's event date, else the day the exam was passed (member's zone). */
function completionDay(row: TCompletionRow): string {
  const zone = row.time_zone || DEFAULT_TIME_ZONE;
  const isLiveCredit = row.class_type_id === ClassType.LIVE && row.ce_type_id === CeType.LIVE;
  if (isLiveCredit && row.class_release_at) return localDayInZone(new Date(row.class_release_at), zone);
  return row.local_day ?? localDayInZone(new Date(row.completed_at), zone);
}

/** Live credit of a class rests on the confirmed participant report, or else on the member's own confirmation. */
function attendanceVerification(row: TCompletionRow): string | null {
  if (row.ce_type_id !== CeType.LIVE || !row.class_release_at) return null;
  if (row.event_place !== null) return Texts.CERT_ATTENDANCE_CLAIM_CODE;
  return row.report_is_live === 1 ? Texts.CERT_ATTENDANCE_REPORT : Texts.CERT_ATTENDANCE_SELF;
}

const approvalPeriod = (p: TProvider) =>
  [p.approvalStart, p.approvalEnd].filter(Boolean).map(formatCalendarDay).join(' – ');

export function presentCertificateData(
  row: TCompletionRow,
  provider: TProvider,
  links: { publicUrl: string; isDuplicate: boolean },
): TCertificateData {
  const lecturer = [row.speaker_name, row.speaker_credentials].filter(Boolean).join(', ');
  return {
    participantName: studentName(row.firstname, row.lastname),
    agdNumber: row.agd_number,
    licenseNumber: row.license_number,
    licenseState: row.license_state,
    courseTitle: row.title ?? '',
    courseNumber: row.course_number,
    caCourseNumber: row.ca_course_number,
    dateCompleted: formatCalendarDay(completionDay(row)),
    creditHours: Number(row.credits),
    creditType: creditLabel(row.ce_type_id),
    subjectCode: row.agd_code ? [row.agd_code, row.agd_category].filter(Boolean).join(' ') : null,
    method: CERTIFICATE_METHOD,
    format: certificateFormat(row.ce_type_id),
    lecturer: lecturer || null,
    location: row.event_place ?? CERTIFICATE_LOCATION,
    description: row.description ?? '',
    learningObjectives: objectivesList(row.learning_objectives),
    supporterName: row.company_name,
    provider,
    approvalPeriod: approvalPeriod(provider),
    certificateNumber: row.certificate_number,
    certUrl: certificatePdfUrl(links.publicUrl, row.certificate_number),
    verificationUrl: `${links.publicUrl}${verifyPath(row.certificate_number)}`,
    isDuplicate: links.isDuplicate,
    attendanceVerification: attendanceVerification(row),
  };
}

/** What the certificate modal shows (02 §2). */
export function presentCertificateDetails(data: TCertificateData): TCertificateDetails {
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
  };
}

/** What the public verification page confirms (03 §7): holder, course, date, credits; nothing else. */
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
  };
}
