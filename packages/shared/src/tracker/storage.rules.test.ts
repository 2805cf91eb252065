import { describe, expect, it } from 'vitest';
import { storageSize } from './storage.rules.ts';

describe('storageSize', () => {
  it.each([
    [0, '0 KB'],
    [1, '1 KB'],
    [2048, '2 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1 MB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
    [99.96 * 1024 * 1024, '100 MB'],
    [100 * 1024 * 1024, '100 MB'],
  ])('%d bytes → %s', (bytes, text) => expect(storageSize(bytes)).toBe(text));
});
