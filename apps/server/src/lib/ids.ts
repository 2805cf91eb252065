import { createHash, randomBytes } from 'node:crypto';

/** The last id's millisecond and sequence in this process: ids made in one millisecond still sort in order. */
let lastMs = 0;
let lastSequence = 0;

/*
 * Random bytes drawn from the system 4 KB at a time and handed out in slices, never twice (as
 * Node's own randomUUID does): a call of randomBytes per id cost more than the rest of the id
 * (issue 39, decision 1125).
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolAt = 0;

function pooledRandomBytes(n: number): Buffer {
  if (poolAt + n > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  const bytes = pool.subarray(poolAt, poolAt + n);
  poolAt += n;
  return bytes;
}

/**
 * A row id: UUIDv7 (time-ordered, so inserts append to indexes) with 62 random bits and a 12-bit
 * sequence (RFC 9562 §6.2, method 1): within a millisecond the sequence counts up from a random
 * start, so "the latest row" ordered by id is the one made last, even in the same millisecond.
 * Rows are never identified to members by anything sequential (03 §2).
 */
export function newId(): string {
  const bytes = pooledRandomBytes(16);
  let ms = Date.now();
  let sequence: number;
  if (ms <= lastMs) {
    ms = lastMs;
    sequence = lastSequence + 1;
    if (sequence > 0xfff) {
      ms += 1;
      sequence = 0;
    }
  } else {
    // A random start in the lower half leaves room to count up within the millisecond.
    sequence = ((bytes[6] & 0x07) << 8) | bytes[7];
  }
  lastMs = ms;
  lastSequence = sequence;
  // 48 bits of milliseconds: exact in a double, written big-endian.
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A random, unguessable public handle (hash, cancel code): 96 bits, URL-safe. */
export function newPublicHash(): string {
  return pooledRandomBytes(12).toString('base64url');
}

/** An opaque secret token (session, reset, GDPR): 256 bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret token: its SHA-256, so a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Now as stored: ISO-8601 UTC with milliseconds, which sorts as text. */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A certificate number (03 §7): 80 random bits as 16 Crockford base-32 characters in groups of
 * four (7KQ2-M9XD-4TPA-ZB1C): unguessable, and easy to read off paper and type in.
 */
export function newCertificateNumber(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let i = 0; i < 16; i++) text = CROCKFORD[Number((bits >> BigInt(5 * i)) & 31n)] + text;
  return text.match(/.{4}/g)!.join('-');
}
