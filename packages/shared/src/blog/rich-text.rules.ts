/*
 * What a staff-authored body (blog posts, 03 §4) may hold, shared by the server's sanitiser
 * (apps/server/src/lib/html.ts, docs/decisions/0905) and the console's editor (0909), so the
 * editor only produces what the sanitiser keeps.
 */

/** URL schemes a link or an image may use; anything else is dropped. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** The heading levels kept (the page's own title is the h1). The editor offers 2 to 4. */
export const RICH_TEXT_HEADING_LEVELS = [2, 3, 4] as const;

/** What a link carries besides its address: it opens a new tab without handing it our window. */
export const RICH_TEXT_LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/**
 * A URL that cannot run script: relative, or http(s), mailto or tel. The value is an attribute
 * value as the browser reads it (entities already decoded by the parser).
 */
export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ('java\tscript:').
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(compact)?.[1];
  if (!scheme) return true;
  return (RICH_TEXT_SCHEMES as readonly string[]).includes(scheme.toLowerCase());
}
