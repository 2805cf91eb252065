import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { photograph, printCertificate } from '../test/certificate-set.ts';

/*
 * The demo's certificates from other providers (issue 41), for a visitor to try the import:
 * four PDFs and a phone photo, in the demo member's name, dated within the demo licences'
 * periods. Written to docs/demo/certificates/ (committed, about 120 KB):
 *   npx tsx apps/server/scripts/demo-certificates.ts
 */

const OUT = path.resolve(import.meta.dirname, '../../../docs/demo/certificates');
const participant = 'Dr. Dana Demo, DDS';

const CERTIFICATES = [
  ['gulf-coast', 'Infection Control in the Dental Office', '2026-09-12', '2', '148', '219001', 'pdf'],
  ['pacific-academy', 'Local Anesthesia Refresher', '2026-08-03', '3', '340', '330412', 'pdf'],
  ['great-lakes-perio', 'Periodontal Therapy Update', '2026-06-21', '1.5', '490', '441207', 'pdf'],
  ['desert-oral-health', 'Implant Maintenance for Hygienists', '2026-05-09', '2.5', '690', '552310', 'pdf'],
  ['lone-star', 'Pediatric Caries Risk Assessment', '2026-10-02', '2', '430', '663504', 'photo'],
] as const;

await mkdir(OUT, { recursive: true });
for (const [i, [layout, title, completedOn, hours, agdCode, number, kind]] of CERTIFICATES.entries()) {
  const { pdf } = await printCertificate(
    layout,
    { title, completedOn, hours, agdCode, number, participant },
    i + 1,
  );
  const bytes = kind === 'photo' ? await photograph(pdf, i + 1) : pdf;
  await writeFile(path.join(OUT, `${layout}.${kind === 'photo' ? 'jpg' : 'pdf'}`), bytes);
}
console.info(`wrote ${CERTIFICATES.length} certificates to ${OUT}`);
