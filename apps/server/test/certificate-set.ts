import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';

/*
 * Certificates of other providers, made for the import tests (issue 41, decision 1136): ten
 * layouts with their own fonts, label words, field orders, date formats, AGD codes and PACE/CERP
 * numbers, each printed for several courses; some as phone photos (rasterised by pdftoppm,
 * turned, blurred, speckled, saved as JPEG) or as scans inside a PDF. Made in memory from a
 * fixed seed, so the set is the same on every run and nothing large is committed.
 */

const run = promisify(execFile);

export type TCertificateTruth = {
  provider: string;
  title: string;
  completedOn: string;
  hours: string;
  agdCode: string;
  approval: string;
  participant: string;
};

export type TSample = {
  name: string;
  layout: string;
  kind: 'pdf' | 'photo' | 'scan-pdf';
  bytes: Buffer;
  truth: TCertificateTruth;
  /** The verification address its QR code carries, when it has one. */
  qr: string | null;
};

type TLayout = {
  name: string;
  provider: string;
  font: 'Helvetica' | 'Times-Roman' | 'Courier';
  bold: 'Helvetica-Bold' | 'Times-Bold' | 'Courier-Bold';
  program: 'AGD PACE' | 'ADA CERP';
  /** The lines the certificate prints, top to bottom. */
  lines: (c: TCertificateTruth, day: Date) => string[];
  qr?: (serial: number) => string;
};

const US = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
const LONG = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const EU = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const SHORT = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const ISO = (d: Date) => d.toISOString().slice(0, 10);
const pace = (n: string) => n.replace(/^AGD PACE #/, '');
const cerp = (n: string) => n.replace(/^ADA CERP #/, '');

const LAYOUTS: readonly TLayout[] = [
  {
    name: 'gulf-coast',
    provider: 'Gulf Coast Dental Society',
    font: 'Helvetica',
    bold: 'Helvetica-Bold',
    program: 'AGD PACE',
    lines: (c, d) => [
      'CERTIFICATE OF COMPLETION',
      'This certifies that',
      c.participant,
      'has completed the course',
      `Course Title: ${c.title}`,
      `Provider: ${c.provider}`,
      `Date of Completion: ${US(d)}`,
      `CE Hours: ${c.hours}`,
      `AGD Subject Code: ${c.agdCode}`,
      `AGD PACE Program Provider ID: ${pace(c.approval)}`,
    ],
    qr: (n) => `https://verify.gulfcoastdental.example/c/GC-${1000 + n}`,
  },
  {
    name: 'pacific-academy',
    provider: 'Pacific Academy of Dentistry',
    font: 'Times-Roman',
    bold: 'Times-Bold',
    program: 'ADA CERP',
    lines: (c, d) => [
      'Continuing Education Credit',
      `Presented to: ${c.participant}`,
      `Program: ${c.title}`,
      `Sponsored by: ${c.provider}`,
      `Credits: ${c.hours}`,
      `Course date: ${LONG(d)}`,
      `Subject code ${c.agdCode}`,
      `ADA CERP Recognized Provider ${cerp(c.approval)}`,
    ],
  },
  {
    name: 'lone-star',
    provider: 'Lone Star Hygiene Institute',
    font: 'Courier',
    bold: 'Courier-Bold',
    program: 'AGD PACE',
    lines: (c, d) => [
      'ATTENDANCE VERIFICATION',
      `Attendee: ${c.participant}`,
      `Date: ${ISO(d)}`,
      `Contact hours: ${c.hours}`,
      `Activity: ${c.title}`,
      `Offered by: ${c.provider}`,
      `AGD code: ${c.agdCode}`,
      `Approved PACE Program Provider FAGD/MAGD credit, provider #${pace(c.approval)}`,
    ],
    qr: (n) => `https://lonestarhygiene.example/verify?id=LS${2000 + n}`,
  },
  {
    name: 'atlantic-ce',
    provider: 'Atlantic CE Partners',
    font: 'Helvetica',
    bold: 'Helvetica-Bold',
    program: 'ADA CERP',
    lines: (c, d) => [
      'Certificate',
      `Issued to: ${c.participant}`,
      `Course name: ${c.title}`,
      `Completion date: ${SHORT(d)}`,
      `Credit hours: ${c.hours}`,
      `AGD Subject Code: ${c.agdCode}`,
      `Issued by: ${c.provider}`,
      `ADA CERP provider no. ${cerp(c.approval)}`,
    ],
  },
  {
    name: 'sunshine-study-club',
    provider: 'Sunshine Study Club',
    font: 'Times-Roman',
    bold: 'Times-Bold',
    program: 'AGD PACE',
    lines: (c, d) => [
      `${c.provider}`.toUpperCase(),
      'Certificate of Attendance',
      'This is to certify that',
      c.participant,
      'attended',
      `Title: ${c.title}`,
      `Date: ${EU(d)}`,
      `CE credits: ${c.hours}`,
      `AGD Subject Code: ${c.agdCode}`,
      `Provider: ${c.provider}`,
      `PACE Provider ID ${pace(c.approval)}`,
    ],
  },
  {
    name: 'mountain-dental-seminars',
    provider: 'Mountain Dental Seminars',
    font: 'Courier',
    bold: 'Courier-Bold',
    program: 'AGD PACE',
    lines: (c, d) => [
      'Verification of Participation',
      `Participant name: ${c.participant}`,
      `Course provider: ${c.provider}`,
      `Course: ${c.title}`,
      `Date completed: ${US(d)}`,
      `CEUs: ${c.hours}`,
      `AGD subject: ${c.agdCode}`,
      `Nationally approved PACE provider ${pace(c.approval)}`,
    ],
    qr: (n) => `https://mds.example/v/${3000 + n}`,
  },
  {
    name: 'great-lakes-perio',
    provider: 'Great Lakes Periodontal Group',
    font: 'Helvetica',
    bold: 'Helvetica-Bold',
    program: 'ADA CERP',
    lines: (c, d) => [
      'Certificate of Continuing Education',
      `Name: ${c.participant}`,
      `Program title: ${c.title}`,
      `Hours awarded: ${c.hours}`,
      `Course date: ${LONG(d)}`,
      `AGD Subject Code: ${c.agdCode}`,
      `CE provider: ${c.provider}`,
      `ADA CERP ${cerp(c.approval)}`,
    ],
  },
  {
    name: 'desert-oral-health',
    provider: 'Desert Oral Health Foundation',
    font: 'Times-Roman',
    bold: 'Times-Bold',
    program: 'AGD PACE',
    lines: (c, d) => [
      `Offered by: ${c.provider}`,
      `Awarded to: ${c.participant}`,
      `Activity title: ${c.title}`,
      `Completed on: ${SHORT(d)}`,
      `Credits earned: ${c.hours}`,
      `AGD Subject Code: ${c.agdCode}`,
      `AGD PACE approval #${pace(c.approval)}`,
    ],
  },
  {
    name: 'capital-hygienists',
    provider: 'Capital Hygienists Association',
    font: 'Courier',
    bold: 'Courier-Bold',
    program: 'AGD PACE',
    lines: (c, d) => [
      'CE CERTIFICATE',
      `Presented by: ${c.provider}`,
      `Course title: ${c.title}`,
      `Participant: ${c.participant}`,
      `Date of course: ${ISO(d)}`,
      `CE hours: ${c.hours}`,
      `AGD Subject Code: ${c.agdCode}`,
      `PACE provider ${pace(c.approval)}`,
    ],
  },
  {
    name: 'northern-lights',
    provider: 'Northern Lights Dental Education',
    font: 'Helvetica',
    bold: 'Helvetica-Bold',
    program: 'ADA CERP',
    lines: (c, d) => [
      'Northern Lights - Credit Record',
      `Course: ${c.title}`,
      `Attendee: ${c.participant}`,
      `Credits: ${c.hours}`,
      `Date: ${EU(d)}`,
      `Provider name: ${c.provider}`,
      `AGD Subject Code: ${c.agdCode}`,
      `ADA CERP Recognized Provider no. ${cerp(c.approval)}`,
    ],
    qr: (n) => `https://northernlights.example/verify/${4000 + n}`,
  },
];

const COURSES = [
  ['Infection Control in the Dental Office', '2', '148'],
  ['Local Anesthesia Refresher', '3', '340'],
  ['Periodontal Therapy Update', '1.5', '490'],
  ['Pediatric Caries Risk Assessment', '2', '430'],
  ['Radiation Safety and CBCT', '4', '731'],
  ['Medical Emergencies in Practice', '2', '142'],
  ['Ethics and Jurisprudence', '1', '555'],
  ['Implant Maintenance for Hygienists', '2.5', '690'],
] as const;
const PEOPLE = ['Dana Lee', 'Dr. Maria Núñez, DDS', 'Chris Park, RDH', 'José A. Martínez', 'Priya Shah'];

/** A fixed pseudo-random sequence (mulberry32): the same set every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function renderPdf(layout: TLayout, truth: TCertificateTruth, day: Date, qr: string | null) {
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 54 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const [heading, ...rest] = layout.lines(truth, day);
  doc.font(layout.bold).fontSize(24).text(heading!, { align: 'left' });
  doc.moveDown(0.8);
  for (const line of rest) doc.font(layout.font).fontSize(15).text(line).moveDown(0.35);
  if (qr) {
    const png = await QRCode.toBuffer(qr, { margin: 2, width: 160 });
    doc.image(png, 600, 380, { width: 120 });
    doc.font(layout.font).fontSize(9).text(`Verify: ${qr}`, 430, 510, { width: 300 });
  }
  doc.end();
  return done;
}

/** One certificate of a layout (by its name), for a member's own course (the e2e test's, the demo's). */
export async function printCertificate(
  layoutName: string,
  truth: Omit<TCertificateTruth, 'provider' | 'approval'> & { number: string },
  serial = 1,
) {
  const layout = LAYOUTS.find((l) => l.name === layoutName)!;
  const { number, ...rest } = truth;
  const full = { ...rest, provider: layout.provider, approval: `${layout.program} #${number}` };
  const pdf = await renderPdf(
    layout,
    full,
    new Date(`${truth.completedOn}T00:00:00Z`),
    layout.qr?.(serial) ?? null,
  );
  return { pdf, truth: full };
}

/** A phone photo of a printed certificate: rasterised, turned a little, softened, speckled, JPEG. */
export async function photograph(pdf: Buffer, seed: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'cert-photo-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', '110', '-png', '-singlefile', join(dir, 'in.pdf'), join(dir, 'page')]);
    const next = random(seed);
    const angle = (next() - 0.5) * 4;
    const { data, info } = await sharp(await readFile(join(dir, 'page.png')))
      .rotate(angle, { background: '#f4f1ea' })
      .blur(0.6 + next() * 0.4)
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i++)
      data[i] = Math.max(0, Math.min(255, data[i]! + (next() - 0.5) * 40));
    return await sharp(data, { raw: info }).jpeg({ quality: 72 }).toBuffer();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A scanner's PDF: the photo as the page's only content, no text to read. */
async function scanPdf(photo: Buffer): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.image(photo, 0, 0, { fit: [792, 612] });
  doc.end();
  return done;
}

/**
 * The set: every layout prints three or four certificates (30+ in all, 10 layouts); each
 * layout's third is a photo, and every fourth layout's second a scanned PDF.
 */
export async function certificateSet(): Promise<TSample[]> {
  const samples: TSample[] = [];
  let serial = 0;
  for (const [l, layout] of LAYOUTS.entries()) {
    const count = l % 2 === 0 ? 4 : 3;
    for (let k = 0; k < count; k++) {
      serial++;
      const [title, hours, agdCode] = COURSES[(l * 3 + k) % COURSES.length]!;
      const day = new Date(Date.UTC(2025, (l + k * 4) % 12, 3 + ((l * 7 + k * 5) % 25)));
      const number = String(210000 + serial * 137);
      const truth: TCertificateTruth = {
        provider: layout.provider,
        title,
        completedOn: ISO(day),
        hours,
        agdCode,
        approval: `${layout.program} #${number}`,
        participant: PEOPLE[(l + k) % PEOPLE.length]!,
      };
      const qr = layout.qr?.(serial) ?? null;
      const pdf = await renderPdf(layout, truth, day, qr);
      const kind: TSample['kind'] = k === 2 ? 'photo' : k === 1 && l % 4 === 0 ? 'scan-pdf' : 'pdf';
      const bytes =
        kind === 'pdf'
          ? pdf
          : kind === 'photo'
            ? await photograph(pdf, serial)
            : await scanPdf(await photograph(pdf, serial));
      samples.push({
        name: `${layout.name}-${k + 1}.${kind === 'photo' ? 'jpg' : 'pdf'}`,
        layout: layout.name,
        kind,
        bytes,
        truth,
        qr,
      });
    }
  }
  return samples;
}
