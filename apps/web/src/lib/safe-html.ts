/*
 * Staff-edited text blocks (terms, privacy) are HTML. Before React renders them they pass this
 * allowlist: known formatting tags only, links to http(s) and mailto only, no attributes
 * besides href and title; everything else keeps its text and loses its markup. Script, style
 * and embedded content are dropped with their contents.
 */

const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'H2',
  'H3',
  'H4',
  'UL',
  'OL',
  'LI',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'A',
  'BLOCKQUOTE',
  'HR',
]);
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'FORM',
]);
const SAFE_HREF = /^(https?:|mailto:|\/(?!\/)|#)/i;

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  if (DROPPED_WITH_CONTENT.has(element.tagName)) return [];
  const children = [...element.childNodes].flatMap((child) => clean(child, doc));
  if (!ALLOWED_TAGS.has(element.tagName)) return children;
  const copy = doc.createElement(element.tagName.toLowerCase());
  if (element.tagName === 'A') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (SAFE_HREF.test(href)) copy.setAttribute('href', href);
    if (/^https?:/i.test(href)) copy.setAttribute('rel', 'noopener noreferrer');
  }
  const title = element.getAttribute('title');
  if (title) copy.setAttribute('title', title);
  copy.append(...children);
  return [copy];
}

/** The HTML with only the allowed tags and attributes left. */
export function sanitiseHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  container.append(...[...parsed.body.childNodes].flatMap((child) => clean(child, out)));
  return container.innerHTML;
}

/** Plain text with its line breaks kept, as HTML (the privacy text, 01 §2). */
export function textWithBreaks(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return escaped.replace(/\r?\n/g, '<br>');
}
