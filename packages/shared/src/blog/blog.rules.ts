/*
 * Pure rules of blog bodies (02 §2, 03 §4): the ad marker staff may put in a body is removed on
 * output, with the paragraph that held only the marker.
 */

/** The token staff write where an ad could go (02 §2 "the ad marker token is stripped"). */
export const BLOG_AD_MARKER = '[[ad]]';

const MARKER_ALONE_IN_BLOCK = /<(p|div)\b[^>]*>\s*\[\[ad\]\]\s*<\/\1\s*>/gi;

/** The body without any ad marker (and without a paragraph that held only the marker). */
export function stripAdMarker(body: string): string {
  return body.replace(MARKER_ALONE_IN_BLOCK, '').replaceAll(BLOG_AD_MARKER, '');
}
