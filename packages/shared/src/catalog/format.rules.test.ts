import { describe, expect, it } from 'vitest';
import { creditLabel, creditsText, formatDuration, formatPrice } from './format.rules.ts';

describe('formatDuration', () => {
  it.each([
    [0, '00:00'],
    [-5, '00:00'],
    [59, '00:59'],
    [61, '01:01'],
    [3599, '59:59'],
    [3600, '01:00:00'],
    [3661.9, '01:01:01'],
    [36_000, '10:00:00'],
  ])('%i s → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});

describe('creditLabel', () => {
  it.each([
    [0, ''],
    [1, 'Self-Study'],
    [2, 'Live, Interactive'],
    [3, 'undefined'],
    [-1, 'undefined'],
  ])('%i → %j', (id, label) => expect(creditLabel(id)).toBe(label));
});

describe('creditsText and formatPrice', () => {
  it('joins credits and name', () => expect(creditsText(1.5, 'Self-Study')).toBe('1.5 CEU (Self-Study)'));
  it('leaves out an empty name', () => expect(creditsText(2, '')).toBe('2 CEU'));
  it('formats whole and fractional dollars', () => {
    expect(formatPrice(199)).toBe('$199');
    expect(formatPrice(19.5)).toBe('$19.50');
  });
});
