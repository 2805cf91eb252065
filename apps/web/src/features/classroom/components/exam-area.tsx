import {
  CeType,
  creditsText,
  formatCalendarDay,
  formatScore,
  isExamUpcoming,
  examOpensAt,
  ClassType,
  Texts,
} from '@opence/shared';
import type { TClassResponse } from '@opence/shared/schemas';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { FactList } from '../../../components/ui/fact-list.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FlowNext } from '../../../components/ui/stepper.tsx';

/**
 * The classroom's exam area (02 §2): 'Exam Completed' with date, score, credits and the
 * certificate; 'Exam Upcoming' after a webinar; the limit text when no exam is left today; the
 * way to the exam when canShowExam.
 */
export function ExamArea({
  data,
  certificateButton,
}: {
  data: TClassResponse;
  certificateButton?: ReactNode;
}) {
  const { classObj, studentData, canShowExam } = data;
  if (!classObj.hasExam && !studentData.examTaken) return null;

  if (studentData.examTaken) {
    return (
      <section className="card exam-area exam-completed" aria-labelledby="exam-area-title">
        <h2 id="exam-area-title">{Texts.EXAM_COMPLETED_TITLE}</h2>
        <FactList
          className="exam-result"
          facts={[
            ['Date', studentData.examDateLocal && formatCalendarDay(studentData.examDateLocal)],
            ['Score', studentData.examScore === null ? null : formatScore(studentData.examScore)],
            ['Credits', creditsText(studentData.credits, classObj.creditName)],
          ]}
        />
        {certificateButton}
      </section>
    );
  }

  const isLive = classObj.typeId === ClassType.LIVE;
  const upcoming = isExamUpcoming({
    hasExam: classObj.hasExam,
    isLive,
    examOpensAt: examOpensAt(classObj.releaseDateUTC, classObj.durationMin, classObj.examDelayMin),
    now: new Date(),
  });
  if (upcoming) {
    return (
      <section className="card exam-area" aria-labelledby="exam-area-title">
        <h2 id="exam-area-title">{Texts.EXAM_UPCOMING}</h2>
        <p>{Texts.EXAM_UPCOMING_DETAIL}</p>
      </section>
    );
  }
  if (canShowExam) {
    return (
      <section className="card exam-area" aria-labelledby="exam-area-title">
        <h2 id="exam-area-title">CE Exam</h2>
        <p>
          View the class, then take the exam to earn {creditsText(classObj.credits, classObj.creditName)}.
        </p>
        <ButtonLink to={`/affidavit/${classObj.hash}`}>{Texts.TAKE_EXAM}</ButtonLink>
        <FlowNext text={Texts.NEXT_AFTER_VIEW} />
      </section>
    );
  }
  if (studentData.ceTypeId === CeType.SELF_STUDY && studentData.examsLeftToday <= 0) {
    return <Alert kind="info">{Texts.EXAM_LIMIT_CLASSROOM}</Alert>;
  }
  return null;
}
