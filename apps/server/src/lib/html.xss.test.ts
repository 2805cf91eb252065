import { parseFragment, serialize } from 'parse5';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.ts';
import { XSS_VECTORS } from './html.xss-vectors.ts';

/*
 * Each published vector goes through the sanitiser; what comes out is then read the way a browser
 * reads it (parse5 is the WHATWG HTML parser), re-serialised and read again (the innerHTML round
 * trip that mutation XSS relies on). At every step only allowed HTML elements and attributes may
 * exist, no event handler, and no URL that can run script.
 */

const ALLOWED: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
};
for (const tag of `p br hr h2 h3 h4 h5 h6 strong b em i u s small sub sup mark blockquote q cite code
  pre ul li dl dt dd figure figcaption span div table caption thead tbody tfoot tr`.split(/\s+/)) {
  ALLOWED[tag.trim()] = [];
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

type TNode = {
  nodeName: string;
  tagName?: string;
  namespaceURI?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: TNode[];
  content?: TNode;
};

/** Problems a browser would find in this markup: anything that could run or load script. */
function problems(html: string): string[] {
  const found: string[] = [];
  const walk = (node: TNode) => {
    if (node.tagName) {
      const allowed = Object.hasOwn(ALLOWED, node.tagName) ? ALLOWED[node.tagName] : undefined;
      if (node.namespaceURI !== HTML_NS) found.push(`foreign element <${node.tagName}>`);
      if (!allowed) found.push(`element <${node.tagName}>`);
      for (const { name, value } of node.attrs ?? []) {
        if (!allowed?.includes(name)) found.push(`attribute ${name} on <${node.tagName}>`);
        if (/^on/i.test(name)) found.push(`event handler ${name}`);
        // eslint-disable-next-line no-control-regex -- browsers drop these inside a scheme
        const url = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
        if (
          (name === 'href' || name === 'src') &&
          /^(?![a-z0-9+.-]*[^a-z0-9+.-])[a-z][a-z0-9+.-]*:/.test(url)
        ) {
          const scheme = url.slice(0, url.indexOf(':'));
          if (!['http', 'https', 'mailto', 'tel'].includes(scheme)) found.push(`${scheme}: URL in ${name}`);
        }
      }
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(parseFragment(html) as unknown as TNode);
  return found;
}

describe('sanitizeHtml against published XSS vectors', () => {
  it('has at least 100 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(XSS_VECTORS)('%s: %s', (_source, vector) => {
    const clean = sanitizeHtml(vector);
    expect(problems(clean)).toEqual([]);
    // The browser's own re-serialisation of the output (innerHTML) and a second parse stay clean.
    const reparsed = serialize(parseFragment(clean));
    expect(problems(reparsed)).toEqual([]);
    // Nothing executable survives as markup text either: no tag-opening script or handler.
    expect(clean).not.toMatch(/<(script|svg|math|iframe|object|embed|style|base|meta|link|form)\b/i);
    const tags = clean.match(/<[^>]*>/g) ?? [];
    expect(
      tags.map((tag) => tag.replace(/"[^"]*"/g, '""')).filter((tag) => /\son[a-z]+\s*=/i.test(tag)),
    ).toEqual([]);
    // Sanitising is stable: the output is its own sanitised form.
    expect(sanitizeHtml(clean)).toBe(clean);
  });
});
