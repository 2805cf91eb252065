import { extractText, getDocumentProxy } from 'unpdf';

/*
 * The text of a PDF, line by line (issue 41, docs/decisions/1136): unpdf, a maintained
 * packaging of Mozilla's pdf.js for servers without a DOM or canvas. A certificate is a page or
 * two: a longer file is no certificate and is read as no text.
 */

const MAX_PAGES = 3;

export async function pdfText(pdf: Buffer): Promise<string> {
  // Errors only: a broken file's warnings are pdf.js's, not ours to log.
  const doc = await getDocumentProxy(new Uint8Array(pdf), { verbosity: 0 });
  try {
    if (doc.numPages > MAX_PAGES) return '';
    const { text } = await extractText(doc, { mergePages: true });
    return text;
  } finally {
    await doc.destroy();
  }
}
