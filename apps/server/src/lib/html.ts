/*
 * An allow-list HTML sanitiser for staff-authored bodies (blog posts, 03 §4: "sanitised on save
 * and on output (no script, no event handlers)"). It re-serialises what it keeps instead of
 * patching the input: every tag and attribute in the output was written here, attribute values
 * are quoted and escaped, and text can never open a tag. Anything not on the lists is dropped;
 * the text inside an unknown tag is kept, the content of script-like elements is not.
 */

type TAttrRule = (value: string) => string | null;

const url: TAttrRule = (value) => (isSafeUrl(value) ? value.trim() : null);
const int: TAttrRule = (value) => (/^\d{1,4}$/.test(value.trim()) ? value.trim() : null);
const text: TAttrRule = (value) => value;

const words = (list: string) => list.trim().split(/\s+/);

const PLAIN_TAGS = `p br hr h2 h3 h4 h5 h6 strong b em i u s small sub sup mark blockquote q cite code
  pre ul li dl dt dd figure figcaption span div table caption thead tbody tfoot tr`;

/** Tags kept, with the attributes each may carry (a Map, so 'constructor' is not a tag). */
const ATTRIBUTES: Record<string, Record<string, TAttrRule>> = {
  a: { href: url, title: text },
  img: { src: url, alt: text, title: text, width: int, height: int },
  ol: { start: int },
  td: { colspan: int, rowspan: int },
  th: { colspan: int, rowspan: int, scope: (v) => (/^(row|col)$/.test(v) ? v : null) },
  ...Object.fromEntries(words(PLAIN_TAGS).map((tag) => [tag, {}])),
};
const ALLOWED = new Map(Object.entries(ATTRIBUTES));

/** Allowed elements that have no end tag. */
const VOID = new Set(['br', 'hr', 'img']);
/** Elements whose content is raw text to the browser: skipped up to their end tag. */
const RAW_TEXT = new Set(words('script style textarea title xmp iframe noembed noframes noscript plaintext'));
/** Elements dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set(['svg', 'math', 'template', 'object', 'applet', 'select', 'head']);

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** A URL that cannot run script: relative, or http(s), mailto or tel. */
export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ('java\tscript:').
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const compact = decodeEntities(value).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(compact)?.[1];
  if (!scheme) return true;
  return SAFE_SCHEMES.has(`${scheme.toLowerCase()}:`);
}

const NAMED = new Map(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    colon: ':',
    tab: '\t',
    newline: '\n',
  }),
);

/** Decodes numeric and the common named entities; an unknown name stays as written. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X'
          ? Number.parseInt(ref.slice(2), 16)
          : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return NAMED.get(ref.toLowerCase()) ?? whole;
  });
}

const escapeAttr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Text as it may appear between tags: '<' and '>' escaped, '&' escaped unless it starts an entity. */
const escapeText = (value: string) =>
  value
    .replace(/&(?!(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

const TAG = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

type TTag = { name: string; isEnd: boolean; attrs: [string, string][]; end: number };

/** Reads the tag starting at html[start] ('<'), or null when it is not a tag (plain text '<'). */
function readTag(html: string, start: number): TTag | null {
  const head = TAG.exec(html.slice(start, start + 64));
  if (!head) return null;
  const attrs: [string, string][] = [];
  let i = start + head[0].length;
  while (i < html.length) {
    const ch = html[i]!;
    if (ch === '>') return { name: head[2]!.toLowerCase(), isEnd: head[1] === '/', attrs, end: i + 1 };
    if (/[\s/]/.test(ch)) {
      i++;
      continue;
    }
    ATTR.lastIndex = i;
    const m = ATTR.exec(html);
    if (!m) return null;
    // Values are kept decoded and re-escaped on output, so the browser reads what was checked.
    attrs.push([m[1]!.toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? '')]);
    i = ATTR.lastIndex;
  }
  return null; // an unterminated tag is text
}

/** Index just after the end tag of a raw-text element, or the end of the input. */
function skipRawText(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}[\\s/>]`, 'ig');
  close.lastIndex = from;
  const m = close.exec(html);
  if (!m) return html.length;
  const gt = html.indexOf('>', m.index);
  return gt === -1 ? html.length : gt + 1;
}

/** Index just after a comment, doctype, CDATA or processing instruction at html[start]. */
function skipMarkupDeclaration(html: string, start: number): number {
  if (html.startsWith('<!--', start)) {
    const end = html.indexOf('-->', start + 4);
    return end === -1 ? html.length : end + 3;
  }
  const end = html.indexOf('>', start);
  return end === -1 ? html.length : end + 1;
}

function renderStartTag(tag: TTag): string {
  const rules = ALLOWED.get(tag.name)!;
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const [name, raw] of tag.attrs) {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule || seen.has(name)) continue;
    const value = rule(raw);
    if (value === null) continue;
    seen.add(name);
    kept.push(` ${name}="${escapeAttr(value)}"`);
  }
  // Links leave the site in a new tab without handing it our window.
  if (tag.name === 'a' && seen.has('href')) kept.push(' target="_blank" rel="noopener noreferrer nofollow"');
  return `<${tag.name}${kept.join('')}>`;
}

/** The HTML with only allowed tags and attributes, balanced, and safe to render as markup. */
/** Plain text made safe for HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropDepth = 0;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      if (!dropDepth) out += escapeText(html.slice(i));
      break;
    }
    if (!dropDepth) out += escapeText(html.slice(i, lt));
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      i = skipMarkupDeclaration(html, lt);
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      if (!dropDepth) out += '&lt;';
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (RAW_TEXT.has(tag.name)) {
      if (!tag.isEnd) i = skipRawText(html, tag.name, i);
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag.name)) {
      dropDepth = Math.max(0, dropDepth + (tag.isEnd ? -1 : 1));
      continue;
    }
    if (dropDepth || !ALLOWED.has(tag.name)) continue;
    if (tag.isEnd) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      // Closing an outer element closes what is still open inside it, as a browser would.
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += renderStartTag(tag);
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
