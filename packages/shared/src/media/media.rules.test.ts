import { describe, expect, it } from 'vitest';
import { normalizeSpeed, progressPercent, resumeAt } from './media.rules.ts';

describe('speeds and positions', () => {
  it.each([
    [1.25, 1.25],
    [0.5, 0.75],
    [3, 2],
    ['1.5', 1.5],
    [Number.NaN, 1],
    [null, 1],
  ])('normalizeSpeed(%s) = %s', (input, expected) => {
    expect(normalizeSpeed(input)).toBe(expected);
  });

  it.each([
    [3, 600, 0],
    [120, 600, 120],
    [595, 600, 0],
    [120, 0, 120],
  ])('resumeAt(%s, %s) = %s', (position, duration, expected) => {
    expect(resumeAt(position, duration)).toBe(expected);
  });

  it('progressPercent', () => {
    expect(progressPercent(30, 120)).toBe(25);
    expect(progressPercent(30, 0)).toBe(0);
  });
});
