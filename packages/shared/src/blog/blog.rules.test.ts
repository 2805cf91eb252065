import { describe, expect, it } from 'vitest';
import { stripAdMarker } from './blog.rules.ts';

describe('stripAdMarker', () => {
  it.each([
    ['<p>One</p>\n[[ad]]\n<p>Two</p>', '<p>One</p>\n\n<p>Two</p>'],
    ['<p>One</p><p>[[ad]]</p><p>Two</p>', '<p>One</p><p>Two</p>'],
    ['<p>One</p><div class="x"> [[ad]] </div>', '<p>One</p>'],
    ['<p>Before [[ad]] after</p>', '<p>Before  after</p>'],
    ['[[ad]][[ad]]', ''],
    ['<p>No marker [ad] here</p>', '<p>No marker [ad] here</p>'],
  ])('%j becomes %j', (body, expected) => {
    expect(stripAdMarker(body)).toBe(expected);
  });
});
