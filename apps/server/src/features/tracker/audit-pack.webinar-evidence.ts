import { DECISION_LABEL, Texts } from '@opence/shared';
import type { TWebinarEvidence } from '@opence/shared/schemas';
import type { TEvidencePage } from '../../domain/evidence-page.ts';

/*
 * The audit pack's page for one live webinar credit (issue 42): how long the member was present
 * and by which record, the polls opened and answered with their times, the rule and its
 * decision. Only the member's own facts. Times the server recorded are printed in UTC, a
 * participant report's as the report wrote them. Drawn by the pack's one evidence page renderer,
 * like an in-person credit's.
 */

const when = (at: string) => (/^\d{4}-\d\d-\d\dT/.test(at) ? `${at.slice(0, 16).replace('T', ' ')} UTC` : at);

export function webinarEvidencePage(
  credit: { title: string; date: string },
  evidence: TWebinarEvidence,
): TEvidencePage {
  const source = evidence.minutesSource === 'report' ? Texts.SOURCE_REPORT : Texts.SOURCE_ROOM;
  const presence = evidence.presence.map(
    (p) => `${when(p.from)} to ${p.to ? when(p.to) : Texts.EVIDENCE_STILL_IN} (${p.source})`,
  );
  return {
    heading: `${Texts.EVIDENCE_TITLE}: ${credit.title}`,
    facts: [
      ['Date', credit.date],
      [Texts.EVIDENCE_DECISION, `${DECISION_LABEL[evidence.decision]}. ${evidence.reason}`],
      [Texts.EVIDENCE_RULE, evidence.ruleText],
      [Texts.EVIDENCE_MINUTES, `${evidence.minutesPresent} (${source})`],
    ],
    lines: [],
    sections: [
      { title: Texts.EVIDENCE_PRESENCE, lines: presence.length ? presence : ['No entry recorded.'] },
      {
        title: `${Texts.EVIDENCE_POLLS}: ${evidence.pollsAnswered} of ${evidence.pollsOpened} answered`,
        lines: evidence.polls.map((p) => {
          const closed = p.closedAt ? `, closed ${when(p.closedAt)}` : '';
          const answered = p.answeredAt ? `answered ${when(p.answeredAt)}` : Texts.EVIDENCE_NOT_ANSWERED;
          return `${p.question}: opened ${when(p.openedAt)}${closed}; ${answered}`;
        }),
      },
    ],
  };
}
