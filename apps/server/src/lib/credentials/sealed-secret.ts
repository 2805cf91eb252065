import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The signing keys' secret halves are kept in the database sealed (AES-256-GCM) by a secret that
 * is never in the database (docs/decisions/1131): CREDENTIAL_KEY_SECRET, or else a file made once
 * per install beside the media folder. A database backup alone cannot sign a credential.
 */

export type TKeySecretSource = { secret: string | null; file: string };

/** The sealing key: the configured secret, else the install's secret file, made on first use. */
export function loadKeySecret(source: TKeySecretSource): Buffer {
  const text = source.secret ?? readOrCreate(source.file);
  return createHash('sha256').update(text, 'utf8').digest();
}

function readOrCreate(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting at once keep the one file the first wrote.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** iv.tag.ciphertext, each base64url. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export class SealBroken extends Error {}

export function unseal(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new SealBroken('Not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new SealBroken('The credential key secret does not open the stored signing key');
  }
}
