import { creditsText, formatCalendarDay, supporterDisclosure } from '@opence/shared';
import type { TClassObj } from '@opence/shared/schemas';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/ui/fact-list.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';

/**
 * The course facts accredited providers publish (03 §4): course number, AGD subject code,
 * credits, release, review and expiry dates, and the commercial supporter's disclosure.
 */
export function CourseFacts({ classObj }: { classObj: TClassObj }) {
  const facts: [string, ReactNode][] = [
    ['Course number', classObj.courseNumber],
    ['California course number', classObj.isCADentalBoard ? classObj.courseNumberCADentalBoard : null],
    [
      'AGD subject code',
      classObj.agdCode ? [classObj.agdCode, classObj.agdCategory].filter(Boolean).join(' ') : null,
    ],
    ['Credits', classObj.credits > 0 ? creditsText(classObj.credits, classObj.creditName) : null],
    ['Release date', <LocalTime key="release" iso={classObj.releaseDateUTC} format="longDate" />],
    ['Review date', classObj.reviewDate ? formatCalendarDay(classObj.reviewDate) : null],
    ['Expiry date', classObj.expiryDate ? formatCalendarDay(classObj.expiryDate) : null],
  ];
  return (
    <section className="card course-facts" aria-labelledby="course-facts-title">
      <h2 id="course-facts-title">Course information</h2>
      <FactList facts={facts} />
      <p className="course-disclosure">{supporterDisclosure(classObj.sponsorCompanyName)}</p>
    </section>
  );
}
