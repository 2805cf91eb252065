import { isSafeUrl, RICH_TEXT_HEADING_LEVELS, RICH_TEXT_LINK_ATTRIBUTES } from '@opence/shared';
import type { Extensions } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/*
 * The editor's schema (docs/decisions/0909): only nodes, marks and attributes that the server's
 * sanitiser keeps (apps/server/src/lib/html.ts), written the way it writes them, so a body saved
 * from the editor comes back unchanged. Pasted HTML is parsed through this schema: styles, spans,
 * classes, Word's o:p and Google Docs' wrappers are dropped, their text kept.
 */

/** An attribute read from pasted or loaded HTML only when it is a safe URL, trimmed as the sanitiser does. */
const safeUrlOf = (element: HTMLElement, name: string): string | null => {
  const value = element.getAttribute(name)?.trim();
  return value && isSafeUrl(value) ? value : null;
};

/** Links: address and title only; target and rel are always the sanitiser's (the options' attributes). */
const SafeLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => safeUrlOf(element, 'href') },
      title: { default: null, parseHTML: (element) => element.getAttribute('title') || null },
    };
  },
});

/** Images from our uploads or the web: src, alt and title (no sizes, no data: or file: URLs). */
const SafeImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null, parseHTML: (element) => safeUrlOf(element, 'src') },
      alt: { default: null, parseHTML: (element) => element.getAttribute('alt') },
      title: { default: null, parseHTML: (element) => element.getAttribute('title') || null },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (safeUrlOf(element, 'src') ? null : false),
      },
    ];
  },
});

/** A table as the sanitiser keeps it: no colgroup, no width styles, no wrapper. */
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', HTMLAttributes, ['tbody', 0]];
  },
});

/** Cells keep colspan and rowspan; column widths are the editor's own and never written out. */
const noColumnWidth = {
  colwidth: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
};
const PlainCell = TableCell.extend({
  addAttributes() {
    return { ...this.parent?.(), ...noColumnWidth };
  },
});
const PlainHeader = TableHeader.extend({
  addAttributes() {
    return { ...this.parent?.(), ...noColumnWidth };
  },
});

export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...RICH_TEXT_HEADING_LEVELS] },
      // A code block would carry a language class the sanitiser removes; inline code is kept.
      codeBlock: false,
      link: false,
    }),
    SafeLink.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      HTMLAttributes: { ...RICH_TEXT_LINK_ATTRIBUTES },
      isAllowedUri: (url) => isSafeUrl(url),
    }),
    SafeImage.configure({ inline: false, allowBase64: false }),
    PlainTable.configure({ resizable: false, allowTableNodeSelection: true }),
    TableRow,
    PlainHeader,
    PlainCell,
  ];
}
