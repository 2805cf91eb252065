import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/*
 * Reading pictures of text (issue 41, docs/decisions/1137): Debian's `tesseract` for photos and
 * `pdftoppm` (poppler-utils) for a PDF page as a picture, each a child process with a time
 * limit, so neither the request's event loop nor a stuck file holds the server. A few run at a
 * time and a few more wait; past that the caller is told at once to try again (a flood of
 * imports queues nowhere). Where tesseract is not installed, `available()` says so.
 */

export type TOcrOptions = {
  /** The tesseract program; a path that does not run means OCR is unavailable. */
  tesseract: string;
  /** Child processes at a time (per server process). */
  concurrency: number;
  /** Reads waiting for a turn beyond those; past it, `Busy`. */
  queue: number;
  timeoutMs: number;
};

/** Refused at once: every turn is taken and the queue is full. */
export class OcrBusy extends Error {}

/** The largest picture read (pixels): a phone photo is about 12 million. */
const MAX_PIXELS = 40_000_000;
/** Pictures are read at most this wide: enough for print at certificate sizes, fast to OCR. */
const READ_WIDTH = 2200;
const MAX_OUTPUT = 1024 * 1024;

function runProcess(command: string, args: string[], timeoutMs: number, input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`${command} ended with ${signal ?? code}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? null);
  });
}

export function createOcr(options: TOcrOptions) {
  let running = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  let availability: Promise<boolean> | null = null;

  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= options.concurrency) {
      if (waiting.length >= options.queue) throw new OcrBusy();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running++;
    peak = Math.max(peak, running);
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  /** A picture as tesseract reads it best: upright by its EXIF, grey, at most READ_WIDTH wide, PNG. */
  const prepare = (image: Buffer) =>
    sharp(image, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .greyscale()
      .resize({ width: READ_WIDTH, withoutEnlargement: true })
      .png()
      .toBuffer();

  return {
    /** Whether tesseract runs here (asked once per process). */
    available(): Promise<boolean> {
      availability ??= runProcess(options.tesseract, ['--version'], options.timeoutMs).then(
        () => true,
        () => false,
      );
      return availability;
    },

    /** The text of a photo (JPEG or PNG). */
    async read(image: Buffer): Promise<string> {
      const png = await prepare(image);
      return turn(async () =>
        (
          await runProcess(
            options.tesseract,
            ['stdin', 'stdout', '-l', 'eng', '--psm', '3'],
            options.timeoutMs,
            png,
          )
        ).toString('utf8'),
      );
    },

    /** A PDF's first page as a PNG picture (for the QR code, and OCR of a scan). */
    rasterise(pdf: Buffer): Promise<Buffer> {
      return turn(async () => {
        const dir = await mkdtemp(join(tmpdir(), 'opence-page-'));
        try {
          await writeFile(join(dir, 'in.pdf'), pdf);
          await runProcess(
            'pdftoppm',
            [
              '-r',
              '150',
              '-f',
              '1',
              '-l',
              '1',
              '-png',
              '-singlefile',
              join(dir, 'in.pdf'),
              join(dir, 'page'),
            ],
            options.timeoutMs,
          );
          return await readFile(join(dir, 'page.png'));
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
    },

    /** The most child processes that ever ran at once (the concurrency test's measure). */
    peak: () => peak,
  };
}

export type TOcr = ReturnType<typeof createOcr>;
