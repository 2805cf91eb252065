import type { TSponsorVideo, TSurvey } from '@opence/shared/schemas';
import type { ExamQuestionsTable } from '../../db/types.ts';
import type { TSponsorVideoRow, TSurveyRow } from './exams.repo.ts';

type TQuestionRow = Omit<ExamQuestionsTable, 'exam_id' | 'position' | 'correct_option'>;

/** The exam as the member sees it: the correct option is left out by name, not by filtering (03 §6). */
export function presentExam(minScore: number, questions: TQuestionRow[]) {
  return {
    minScore,
    questions: questions.map((q) => ({
      examQId: q.id,
      question: q.question,
      option1: q.option1,
      option2: q.option2,
      option3: q.option3,
      option4: q.option4,
      option5: q.option5,
      option6: q.option6,
    })),
  };
}

/** Row → the spec's Sponsor video fields (02 §3). */
export function presentSponsorVideo(row: TSponsorVideoRow): TSponsorVideo {
  return {
    id: row.id,
    youtubeId: row.youtube_id,
    videoUrl: row.video_url,
    companyName: row.company_name,
    companyPhoto: row.company_photo,
    headline: row.headline,
    blurb: row.blurb,
    headlineButtons: row.headline_buttons,
    buttonTextYes: row.button_text_yes,
    buttonTextNo: row.button_text_no,
  };
}

/** Rows → the spec's Survey fields (02 §3). */
export function presentSurvey(survey: TSurveyRow, sessionHash: string): TSurvey {
  return {
    hash: survey.hash,
    sessionHash,
    title: survey.title,
    questions: survey.questions.map((q) => ({
      hash: q.hash,
      question: q.question,
      type: q.type,
      buttons: q.choices.map((c) => ({ hash: c.hash, label: c.label })),
      submitLabel: q.submit_label,
    })),
  };
}
