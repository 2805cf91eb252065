import { describe, expect, it } from 'vitest';
import { examCompletedText, podcastCeuText, podcastExamState, skipTo } from './podcasts.rules.ts';

describe('skipTo', () => {
  it.each([
    [10, 15, 30, 25],
    [20, 15, 30, 30],
    [10, -15, 30, 0],
    [40, -15, 60, 25],
    [5, 15, Number.NaN, 20],
    [5, 15, 0, 20],
  ])('from %s by %s in %s s goes to %s', (current, delta, duration, expected) => {
    expect(skipTo(current, delta, duration)).toBe(expected);
  });
});

describe('podcast texts', () => {
  it.each([
    [1, '1 CEU (Self Study)'],
    [0.5, '0.5 CEU (Self Study)'],
  ])('%s credits read %s', (credits, text) => {
    expect(podcastCeuText(credits)).toBe(text);
  });

  it('names the completion day as the member saw it, without a zone shift', () => {
    expect(examCompletedText('2026-03-03')).toBe('Exam Completed on March 3, 2026.');
  });
});

describe('podcastExamState', () => {
  it.each([
    [{ hasExam: true, examTaken: false }, 'take'],
    [{ hasExam: true, examTaken: true }, 'completed'],
    [{ hasExam: false, examTaken: false }, 'none'],
  ] as const)('%o is %s', (episode, state) => {
    expect(podcastExamState(episode)).toBe(state);
  });
});
