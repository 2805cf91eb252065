import { describe, expect, it } from 'vitest';
import {
  drawExamPage,
  examPoolSummary,
  questionsAsServed,
  startOfLocalDay,
  zoneFromOffset,
  examOptions,
  examsLeftToday,
  failedExamMessage,
  gradeAnswers,
  isSurveySelectionValid,
  localDayFromOffset,
  localDayInZone,
  surveyHeadline,
  surveyHint,
  surveyProgress,
} from './exams.rules.ts';

describe('localDayFromOffset', () => {
  // 03:30 UTC on March 3rd is still March 2nd in New York (offset 300) and March 3rd in Berlin (−60).
  const now = new Date('2026-03-03T03:30:00.000Z');
  it.each([
    [0, '2026-03-03'],
    [300, '2026-03-02'],
    [210, '2026-03-03'],
    [211, '2026-03-02'],
    [-60, '2026-03-03'],
    [-840, '2026-03-03'],
    [720, '2026-03-02'],
  ])('offset %i → %s', (offset, day) => expect(localDayFromOffset(now, offset)).toBe(day));

  it('agrees with the zone when the offset is the zone’s', () => {
    const late = new Date('2026-07-01T03:59:00.000Z');
    expect(localDayFromOffset(late, 240)).toBe(localDayInZone(late, 'America/New_York'));
  });
});

describe('localDayInZone', () => {
  const now = new Date('2026-03-03T03:30:00.000Z');
  it.each([
    ['America/New_York', '2026-03-02'],
    ['Europe/Berlin', '2026-03-03'],
    [null, '2026-03-03'],
    ['Not/AZone', '2026-03-03'],
  ])('%s → %s', (zone, day) => expect(localDayInZone(now, zone)).toBe(day));
});

describe('zoneFromOffset (the zone a browser offset proposes)', () => {
  it.each([
    [0, 'UTC'],
    [300, 'Etc/GMT+5'],
    [-60, 'Etc/GMT-1'],
    [-840, 'Etc/GMT-14'],
    [720, 'Etc/GMT+12'],
    [-330, 'Asia/Kolkata'],
    [-345, 'Asia/Kathmandu'],
  ])('%i → %s', (offset, zone) => {
    expect(zoneFromOffset(offset)).toBe(zone);
  });

  it('gives the same calendar day as the offset itself, for every offset', () => {
    const at = new Date('2026-11-25T20:30:00Z');
    for (let offset = -840; offset <= 720; offset += 60) {
      expect(localDayInZone(at, zoneFromOffset(offset))).toBe(localDayFromOffset(at, offset));
    }
  });
});

describe('startOfLocalDay', () => {
  it.each([
    ['UTC', '2026-11-25T00:00:00.000Z'],
    ['America/New_York', '2026-11-25T05:00:00.000Z'],
    ['Asia/Kolkata', '2026-11-25T18:30:00.000Z'],
    ['Pacific/Kiritimati', '2026-11-25T10:00:00.000Z'],
    [null, '2026-11-25T00:00:00.000Z'],
    ['Not/AZone', '2026-11-25T00:00:00.000Z'],
  ])('%s', (zone, start) => {
    expect(startOfLocalDay(new Date('2026-11-25T20:30:00Z'), zone).toISOString()).toBe(start);
  });

  it('finds midnight on a day whose offset changes (DST ends)', () => {
    // New York, 2026-11-01: EDT (−4) at midnight, EST (−5) from 02:00.
    expect(startOfLocalDay(new Date('2026-11-01T20:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
  });
});

describe('examsLeftToday', () => {
  it.each([
    [0, 10],
    [9, 1],
    [10, 0],
    [12, 0],
  ])('%i submitted → %i left', (submitted, left) => expect(examsLeftToday(submitted)).toBe(left));
});

describe('gradeAnswers', () => {
  const key = [1, 2, 3, 4, 1, 2, 3, 4, 1, 2];
  const withCorrect = (n: number) => key.map((k, i) => (i < n ? k : (k % 4) + 1));
  it.each([
    ['all correct', 10, 70, 100, true],
    ['exactly at the pass mark', 7, 70, 70, true],
    ['just below the pass mark', 6, 70, 60, false],
    ['none correct', 0, 70, 0, false],
    ['pass mark 0', 0, 0, 0, true],
  ])('%s', (_name, correct, minScore, score, passed) => {
    const result = gradeAnswers(key, withCorrect(correct), minScore);
    expect(result).toMatchObject({ correct, total: 10, score, passed });
    expect(result.grades.filter(Boolean)).toHaveLength(correct);
  });

  it('passes a third-based score exactly at a fractional pass mark without rounding errors', () => {
    const result = gradeAnswers([1, 1, 1], [1, 1, 2], 66.67);
    expect(result.score).toBe(66.67);
    expect(result.passed).toBe(false);
    expect(gradeAnswers([1, 1, 1], [1, 1, 2], 66).passed).toBe(true);
  });

  it('marks each answer in question order, missing answers as wrong', () =>
    expect(gradeAnswers([1, 2, 3], [1, 3], 50).grades).toEqual([true, false, false]));

  it('never passes an exam without questions', () => expect(gradeAnswers([], [], 0).passed).toBe(false));

  it('tells a failing member the score and to resubmit', () =>
    expect(failedExamMessage(60, 70)).toBe(
      'Your score is 60%. A score of 70% or higher is required to pass. Review your answers and resubmit.',
    ));
});

describe('examOptions', () => {
  it('letters the options that exist and hides null ones', () => {
    const options = examOptions({
      option1: 'One',
      option2: 'Two',
      option3: null,
      option4: 'Four',
      option5: '',
      option6: 'Six',
    });
    expect(options).toEqual([
      { number: 1, letter: 'a', text: 'One' },
      { number: 2, letter: 'b', text: 'Two' },
      { number: 4, letter: 'd', text: 'Four' },
      { number: 6, letter: 'f', text: 'Six' },
    ]);
  });
});

describe('survey wording and selection', () => {
  it('builds the headline, progress and hints of 02 §2', () => {
    expect(surveyHeadline(3)).toBe('To proceed to your CE exam, please complete this 3-question survey.');
    expect(surveyProgress(0, 3)).toBe('Question 1/3');
    expect(surveyHint('single')).toBe('(select one)');
    expect(surveyHint('yesno')).toBe('(select one)');
    expect(surveyHint('multi')).toBe('(select all that apply)');
  });
  it.each([
    ['yesno', 1, true],
    ['yesno', 2, false],
    ['single', 0, false],
    ['single', 1, true],
    ['multi', 0, false],
    ['multi', 3, true],
  ] as const)('%s with %i choices → %s', (type, n, valid) =>
    expect(isSurveySelectionValid(type, n)).toBe(valid),
  );
});

describe('exam pools (drawExamPage, questionsAsServed)', () => {
  const pool = Array.from({ length: 10 }, (_, i) => ({
    id: `q${i}`,
    question: `Q${i}`,
    option1: 'Right',
    option2: 'Wrong',
    option3: 'Also wrong',
    option4: null,
    option5: null,
    option6: null,
    correct_option: 1,
  }));
  const asPool = pool.map((q) => ({
    id: q.id,
    options: [q.option1, q.option2, q.option3, q.option4, q.option5, q.option6],
  }));
  const random = (seed: number) => (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };

  it("draws the count, in the pool's order, each with its filled options reordered", () => {
    const page = drawExamPage(asPool, 4, random(7));
    expect(page).toHaveLength(4);
    const positions = page.map((q) => Number(q.id.slice(1)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const q of page) expect([...q.order].sort()).toEqual([1, 2, 3]);
  });

  it.each([
    [10, 4, 4],
    [10, 5, 5],
    [6, 4, 2],
    [4, 4, 0],
  ])('a pool of %i drawing %i asks %i questions the page before did not (issue 35)', (size, count, fresh) => {
    const small = asPool.slice(0, size);
    for (let seed = 1; seed < 30; seed++) {
      const before = new Set(drawExamPage(small, count, random(seed)).map((q) => q.id));
      const next = drawExamPage(small, count, random(seed + 100), before);
      expect(next).toHaveLength(count);
      expect(next.filter((q) => !before.has(q.id))).toHaveLength(fresh);
    }
  });

  it('shows the options as served and moves the key with them', () => {
    const page = [
      { id: 'q3', order: [3, 1, 2] },
      { id: 'q5', order: [2, 3, 1] },
    ];
    const shown = questionsAsServed(pool, page)!;
    expect(shown.map((q) => [q.id, q.option1, q.option2, q.option3, q.option4, q.correct_option])).toEqual([
      ['q3', 'Also wrong', 'Right', 'Wrong', null, 2],
      ['q5', 'Wrong', 'Also wrong', 'Right', null, 3],
    ]);
    expect(
      gradeAnswers(
        shown.map((q) => q.correct_option),
        [2, 3],
        70,
      ).score,
    ).toBe(100);
  });

  it('knows a page whose question is gone', () => {
    expect(questionsAsServed(pool, [{ id: 'gone', order: [1, 2, 3] }])).toBeNull();
  });
});

describe('the console’s word on a pool (examPoolSummary, issue 35)', () => {
  it.each([
    [5, null, 'Every attempt asks all 5 questions.'],
    [5, 5, 'Every attempt asks all 5 questions.'],
    [
      10,
      5,
      'Each attempt asks 5 of the 10 questions; the next attempt asks 5 it did not ask the time before.',
    ],
    [
      6,
      4,
      'Each attempt asks 4 of the 6 questions; the next attempt asks 2 it did not ask the time before. Write at least 8 questions for attempts that share none.',
    ],
  ] as const)('%i questions, %s per attempt', (pool, count, text) =>
    expect(examPoolSummary(pool, count)).toBe(text),
  );
});
