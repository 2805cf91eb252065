import { certificatePdfUrl, creditLabel, objectivesList, premiumValidUntil } from '@opence/shared';
import type { TClassObj, TStudentData } from '@opence/shared/schemas';
import type { TClassRow, TLearnerRows } from './classroom.repo.ts';

/** Row → the spec's Class fields (02 §3), with the course facts accredited providers publish (03 §4). */
export function presentClass(
  row: TClassRow,
  extra: {
    now: Date;
    examTaken: boolean;
    certificateNumber: string | null;
    showZoomCode: boolean;
    publicUrl: string;
    learningPlatformUrl: string | null;
  },
): TClassObj {
  return {
    classId: row.id,
    className: row.title,
    hash: row.hash,
    classHash: row.hash,
    slug: row.slug,
    podcastHash: null,
    typeId: row.type_id,
    blurb: row.blurb,
    description: row.description,
    lessonBlurb: row.lesson_blurb,
    learningObjectives: objectivesList(row.learning_objectives),
    price: row.price,
    priceList: row.price_list,
    priceDiscountStr: row.price_discount_str,
    learningPlatformUrl:
      extra.learningPlatformUrl && row.learnworlds_class_id
        ? `${extra.learningPlatformUrl.replace(/\/$/, '')}/course/${encodeURIComponent(row.learnworlds_class_id)}`
        : null,
    numLessons: row.num_lessons,
    durationHours: row.duration_hours,
    speakerName: row.speaker_name,
    speakerCredentials: row.speaker_credentials,
    speakerPhoto: row.speaker_photo,
    speakerBlurb: row.speaker_bio,
    photo: row.photo,
    companyName: row.company_name,
    sponsorCompanyName: row.company_name,
    credits: Number(row.credits),
    ceTypeId: row.ce_type_id,
    creditName: creditLabel(row.ce_type_id),
    releaseDate: row.release_at,
    releaseDateUTC: row.release_at,
    serverTime: extra.now.toISOString(),
    durationMin: row.duration_min,
    reviewDate: row.review_date,
    expiryDate: row.expiry_date,
    courseNumber: row.course_number,
    agdCode: row.agd_code,
    agdCategory: row.agd_category,
    isCADentalBoard: row.is_ca_dental_board === 1,
    courseNumberCADentalBoard: row.ca_course_number,
    zoomCode: extra.showZoomCode ? row.zoom_code : null,
    youtubeUrl: row.youtube_url,
    videoUrl: row.video_url,
    pdfUrl: row.pdf_url,
    hasExam: row.exam_id !== null,
    examDelayMin: row.exam_delay_min,
    examTaken: extra.examTaken,
    certUrl: extra.certificateNumber ? certificatePdfUrl(extra.publicUrl, extra.certificateNumber) : null,
    isTutorial: row.is_tutorial === 1,
  };
}

/** What studentData is built from: the member's rows on one class or podcast. */
export type TLearnerRecord = {
  ceTypeId: number;
  examsLeftToday: number;
  gradebook: {
    id: string;
    view_count: number;
    eval_taken_at: string | null;
    started_at: string | null;
    ended_at: string | null;
    created_at: string;
  } | null;
  plays: number;
  seat: { id: string; is_waiting: number; started_at: string | null } | null;
  completion: {
    completed_at: string;
    score: number;
    credits: number;
    local_day: string | null;
  } | null;
  member: { agd_number: string | null; hide_agd_reminder: number };
  queueId: string | null;
  isPremium: boolean;
};

/** The gradebook part of the member's joined rows, or null when the member has none. */
export function presentGradebook(rows: TLearnerRows): TLearnerRecord['gradebook'] {
  if (!rows.gradebook_id) return null;
  return {
    id: rows.gradebook_id,
    view_count: rows.view_count ?? 0,
    eval_taken_at: rows.eval_taken_at,
    started_at: rows.gradebook_started_at,
    ended_at: rows.ended_at,
    created_at: rows.gradebook_created_at ?? '',
  };
}

/** A visitor's studentData: nothing personal (03 §2), the default 10 exams left (02 §3). */
export function visitorStudentData(ceTypeId: number, examsLeft: number): TStudentData {
  return {
    status: false,
    ceTypeId,
    examTaken: false,
    examsLeftToday: examsLeft,
    isReserved: false,
    isWaiting: false,
    attendeeId: 0,
    gradebookId: 0,
    classViewCount: 0,
    evalTaken: false,
    studentStarted: null,
    studentEnded: null,
    agdNumber: null,
    hideAgdReminder: false,
    examDate: null,
    examDateLocal: null,
    examScore: null,
    credits: 0,
    queueId: 0,
    isEnrolled: false,
    validUntil: null,
  };
}

/** The member's record → the spec's Student data fields (02 §3). */
export function presentStudentData(record: TLearnerRecord): TStudentData {
  const { gradebook, seat, completion } = record;
  const isEnrolled = record.isPremium && gradebook !== null;
  return {
    status: true,
    ceTypeId: record.ceTypeId,
    examTaken: completion !== null,
    examsLeftToday: record.examsLeftToday,
    isReserved: seat !== null && seat.is_waiting === 0,
    isWaiting: seat?.is_waiting === 1,
    attendeeId: seat?.id ?? 0,
    gradebookId: gradebook?.id ?? 0,
    classViewCount: Math.max(gradebook?.view_count ?? 0, record.plays),
    evalTaken: Boolean(gradebook?.eval_taken_at),
    studentStarted: gradebook?.started_at ?? seat?.started_at ?? null,
    studentEnded: gradebook?.ended_at ?? null,
    agdNumber: record.member.agd_number,
    hideAgdReminder: record.member.hide_agd_reminder === 1,
    examDate: completion?.completed_at ?? null,
    examDateLocal: completion ? (completion.local_day ?? completion.completed_at.slice(0, 10)) : null,
    examScore: completion ? Number(completion.score) : null,
    credits: completion ? Number(completion.credits) : 0,
    queueId: record.queueId ?? 0,
    isEnrolled,
    validUntil: isEnrolled ? premiumValidUntil(gradebook.created_at) : null,
  };
}
