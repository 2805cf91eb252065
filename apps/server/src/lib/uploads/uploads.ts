import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fillText, storageSize, UploadTexts } from '@opence/shared';
import { extensionOf, SNIFF_BYTES, sniffFileType, type TFileType } from './file-types.ts';

/*
 * Every multipart upload of the site (issue 38, decision 0015): staff files, caption files and
 * members' certificates. One file as the form field `file`, read as it streams in, stopped past
 * its size limit, its type known from its content, its name cleaned; one set of refusals. What
 * a file is for (which kinds, where it is kept, who may keep how much) stays with the feature.
 */

/** A refusal of the upload: the status and a text fit to show, always about the field `file`. */
export class UploadRefused extends Error {
  readonly field = 'file';
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export type TUploadRule = {
  /** What the field takes, as the refusals name it: 'a PDF, JPEG or PNG file'. */
  takes: string;
  maxBytes: number;
  /** The types taken, known from the content; none: any bytes (a text file, an SVG its reader checks). */
  types?: readonly TFileType[];
  /** The name must end in an extension of its type (files served from our origin: the browser goes by it). */
  nameMustMatch?: boolean;
};

export type TUpload = {
  bytes: Buffer;
  /** The sniffed type; null for a rule without types. */
  type: TFileType | null;
  /** The sender's name, cleaned: its last path segment, printable, at most 200 characters. */
  name: string;
};

/** The request's one file, not read yet: the feature checks what it must first (owner, limits). */
export type TIncomingUpload = {
  filename: string;
  /** Reads it under the first rule whose types its content has (one rule without types takes anything). */
  read(rules: readonly TUploadRule[], unnamed?: string): Promise<TUpload>;
};

/** Multipart for the calling plugin's routes: one file, a few fields, nothing past the largest limit. */
export async function registerUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxBytes + 1, files: 1, fields: 5, parts: 6 } });
}

const tooLarge = (rule: TUploadRule) =>
  new UploadRefused(
    413,
    fillText(UploadTexts.TOO_LARGE, { takes: rule.takes, max: storageSize(rule.maxBytes) }),
  );

/** 'a, b or c' */
const either = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/**
 * The multipart parser's own errors (no boundary, a body cut off, a broken part header) carry no
 * status: the client's malformed body, a 400. Its size limit is the rule's 413; its other
 * refusals (too many parts) keep their status.
 */
function parserError(error: unknown, rule: TUploadRule | null): Error {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  if (code === 'FST_REQ_FILE_TOO_LARGE' && rule) return tooLarge(rule);
  return error instanceof Error && 'statusCode' in error
    ? error
    : new UploadRefused(400, UploadTexts.MALFORMED);
}

const cleanName = (name: string, unnamed: string) =>
  (name.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').slice(0, 200) || unnamed;

/** The rule the content falls under, refused when none takes it or the name says otherwise. */
function ruleFor(rules: readonly TUploadRule[], type: TFileType | null, filename: string): TUploadRule {
  const rule = type && rules.find((r) => r.types?.includes(type));
  if (!rule)
    throw new UploadRefused(
      400,
      fillText(UploadTexts.TYPE_REFUSED, { takes: either(rules.map((r) => r.takes)) }),
    );
  if (rule.nameMustMatch && !type!.extensions.includes(extensionOf(filename))) {
    throw new UploadRefused(
      400,
      fillText(UploadTexts.NAME_MISMATCH, {
        type: type!.contentType,
        extensions: `.${type!.extensions.join(' or .')}`,
      }),
    );
  }
  return rule;
}

/**
 * Reads the file: the type from its first bytes (again from the whole file when they were too
 * few to tell), and a 413 as soon as it passes the limit of its type, or of every rule before
 * the type is known.
 */
async function readFile(
  file: AsyncIterable<Buffer> & { destroy(): void },
  filename: string,
  rules: readonly TUploadRule[],
  unnamed: string,
): Promise<TUpload> {
  const sniffed = rules.some((r) => r.types);
  const largest = rules.reduce((a, b) => (b.maxBytes > a.maxBytes ? b : a));
  let rule: TUploadRule | null = sniffed ? null : largest;
  let type: TFileType | null = null;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file) {
      chunks.push(chunk);
      size += chunk.length;
      if (!rule && size >= SNIFF_BYTES) {
        type = await sniffFileType(Buffer.concat(chunks));
        if (type) rule = ruleFor(rules, type, filename);
      }
      if (size > (rule ?? largest).maxBytes) throw tooLarge(rule ?? largest);
    }
  } catch (error) {
    file.destroy();
    throw error instanceof UploadRefused ? error : parserError(error, rule ?? largest);
  }
  const bytes = Buffer.concat(chunks);
  if (!rule) {
    type = await sniffFileType(bytes);
    rule = ruleFor(rules, type, filename);
    if (size > rule.maxBytes) throw tooLarge(rule);
  }
  return { bytes, type, name: cleanName(filename, unnamed) };
}

/** The request's file as the field `file`: 400 when the body is not a form upload or holds none. */
export async function incomingUpload(request: FastifyRequest): Promise<TIncomingUpload> {
  const part = request.isMultipart()
    ? await request.file().catch((error: unknown) => {
        throw parserError(error, null);
      })
    : undefined;
  if (!part) throw new UploadRefused(400, UploadTexts.MISSING);
  return {
    filename: part.filename,
    read: (rules, unnamed = 'file') => readFile(part.file, part.filename, rules, unnamed),
  };
}

/** Where a file is kept: the feature's folder, the row's id and the extension of its type. */
export const uploadKey = (folder: string, id: string, type: TFileType) =>
  `${folder}/${id}.${type.extensions[0]}`;
