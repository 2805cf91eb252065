/*
 * The allow-list HTML sanitiser for staff-authored bodies (blog posts, 03 §4: "sanitised on save
 * and on output (no script, no event handlers)"). The parsing and re-serialising is sanitize-html
 * on htmlparser2 (docs/decisions/0905): every tag and attribute in the output is one it wrote,
 * attribute values are quoted and escaped, and text can never open a tag. This file only holds the
 * allow-list: tags, the attributes each may carry (numbers checked), URL schemes, links leaving in
 * a new tab with `rel`. The text inside an unknown tag is kept; the content of script-like and
 * foreign (SVG, MathML) elements is not.
 */
import { isSafeUrl, RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_SCHEMES } from '@opence/shared';
import sanitize from 'sanitize-html';

const words = (list: string) => list.trim().split(/\s+/);

const PLAIN_TAGS = words(`p br hr h2 h3 h4 h5 h6 strong b em i u s small sub sup mark blockquote q
  cite code pre ul li dl dt dd figure figcaption span div table caption thead tbody tfoot tr`);

/** Attributes whose value must be a small whole number. */
const NUMERIC = new Set(['width', 'height', 'start', 'colspan', 'rowspan']);

/** Elements dropped with everything inside them (raw text to a browser, or foreign content). */
const DROP_WITH_CONTENT = words(`script style textarea option title xmp iframe noembed noframes
  noscript plaintext svg math template object applet select head`);

const SAFE_SCHEMES = [...RICH_TEXT_SCHEMES];

/** The URL rule is shared with the console's editor (docs/decisions/0909). */
export { isSafeUrl };

/** Keeps numbers that are numbers and URLs that are safe; drops the rest (per attribute). */
function checkValues(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const kept: sanitize.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (NUMERIC.has(name) && !/^\d{1,4}$/.test(value.trim())) continue;
    if (name === 'scope' && !/^(row|col)$/.test(value)) continue;
    if ((name === 'href' || name === 'src') && !isSafeUrl(value)) continue;
    kept[name] = NUMERIC.has(name) || name === 'href' || name === 'src' ? value.trim() : value;
  }
  // Links leave the site in a new tab without handing it our window.
  if (tagName === 'a' && kept.href !== undefined) {
    kept.target = RICH_TEXT_LINK_ATTRIBUTES.target;
    kept.rel = RICH_TEXT_LINK_ATTRIBUTES.rel;
  }
  return { tagName, attribs: kept };
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...PLAIN_TAGS, 'a', 'img', 'ol', 'td', 'th'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  allowedStyles: {},
  allowedClasses: {},
  allowedIframeHostnames: [],
  allowedScriptHostnames: [],
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  selfClosing: ['br', 'hr', 'img'],
  enforceHtmlBoundary: false,
  transformTags: { a: checkValues, img: checkValues, ol: checkValues, td: checkValues, th: checkValues },
  parser: { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** The last bodies sanitised (blog posts are sanitised again on every view): input → output. */
const recent = new Map<string, string>();
const RECENT_MAX = 128;

/** The HTML with only allowed tags and attributes, balanced, and safe to render as markup. */
export function sanitizeHtml(html: string): string {
  const known = recent.get(html);
  if (known !== undefined) return known;
  // sanitize-html writes void elements as '<br />'; '>' is always escaped in its text and
  // attribute values, so ' />' only ever ends a void tag, written here as HTML5 does ('<br>').
  const clean = sanitize(html, OPTIONS).replaceAll(' />', '>');
  if (html.length <= 256_000) {
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(html, clean);
  }
  return clean;
}

/** Plain text made safe for HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
