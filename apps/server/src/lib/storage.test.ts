import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TTestS3Server } from '../../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import { openStorages, type TStorages } from './storage-s3.ts';
import type { TStorage } from './storage.ts';

/*
 * The storage contract (issue 39): the same tests against the local folder and an S3-compatible
 * bucket (s3rver on loopback), so either can stand in for the other.
 */

async function read(stream: AsyncIterable<Uint8Array> | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

async function keysOf(storage: TStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of storage.list(prefix)) keys.push(item.key);
  return keys.sort();
}

type TSubject = { name: string; open: () => Promise<{ storages: TStorages; close: () => Promise<void> }> };

const subjects: TSubject[] = [
  {
    name: 'local folder',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'opence-storage-'));
      const storages = await openStorages(path.join(dir, 'media'), null);
      return { storages, close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3-compatible bucket',
    async open() {
      const s3: TTestS3Server = await startS3Server();
      const config = loadConfig({ ...s3.env, S3_PRIVATE_PREFIX: 'members-private' });
      const storages = await openStorages('/nonexistent', config.objectStorage);
      return { storages, close: () => s3.close() };
    },
  },
];

describe.each(subjects)('storage contract: $name', (subject) => {
  let storages: TStorages;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storages, close } = await subject.open());
  });
  afterAll(async () => close());

  it('puts, gets, opens and states a file, and answers its public URL', async () => {
    const { media } = storages;
    expect(await media.put('images/a b.txt', 'hello world', 'text/plain')).toBe('/media/images/a b.txt');
    expect((await media.get('images/a b.txt'))?.toString('utf8')).toBe('hello world');
    expect(await read(await media.open('images/a b.txt'))).toBe('hello world');
    const facts = await media.stat('images/a b.txt');
    expect(facts).toMatchObject({ size: 11 });
    expect(facts!.etag).toMatch(/\w/);
    expect(facts!.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await media.put('images/bytes.bin', new Uint8Array([0, 1, 2, 255]), 'application/octet-stream');
    expect([...(await media.get('images/bytes.bin'))!]).toEqual([0, 1, 2, 255]);
  });

  it('reads a byte range, both ends included', async () => {
    await storages.media.put('ranges/r.txt', '0123456789', 'text/plain');
    expect(await read(await storages.media.open('ranges/r.txt', { start: 3, end: 6 }))).toBe('3456');
    expect(await read(await storages.media.open('ranges/r.txt', { start: 9, end: 9 }))).toBe('9');
  });

  it('answers null for a missing file and deletes one that is not there without error', async () => {
    const { media } = storages;
    expect(await media.get('nothing/here.txt')).toBeNull();
    expect(await media.open('nothing/here.txt')).toBeNull();
    expect(await media.stat('nothing/here.txt')).toBeNull();
    await expect(media.delete('nothing/here.txt')).resolves.toBeUndefined();
    await expect(media.deleteFolder('nothing')).resolves.toBeUndefined();
    expect(await keysOf(media, 'nothing')).toEqual([]);
  });

  it('overwrites a file put again and deletes it', async () => {
    const { media } = storages;
    await media.put('over/w.txt', 'first', 'text/plain');
    await media.put('over/w.txt', 'second', 'text/plain');
    expect((await media.get('over/w.txt'))?.toString()).toBe('second');
    await media.delete('over/w.txt');
    expect(await media.get('over/w.txt')).toBeNull();
  });

  it('lists a folder and deletes it, leaving its neighbours and the folder of a longer name', async () => {
    const { privateFiles } = storages;
    await privateFiles.put('tracker/m1/a.pdf', 'a', 'application/pdf');
    await privateFiles.put('tracker/m1/deep/b.pdf', 'bb', 'application/pdf');
    await privateFiles.put('tracker/m10/c.pdf', 'c', 'application/pdf');
    await privateFiles.put('tracker/m2/d.pdf', 'd', 'application/pdf');
    expect(await keysOf(privateFiles, 'tracker/m1')).toEqual(['tracker/m1/a.pdf', 'tracker/m1/deep/b.pdf']);
    const sizes = new Map<string, number>();
    for await (const item of privateFiles.list('tracker/m1')) sizes.set(item.key, item.size);
    expect(sizes.get('tracker/m1/deep/b.pdf')).toBe(2);
    await privateFiles.deleteFolder('tracker/m1');
    expect(await keysOf(privateFiles, 'tracker')).toEqual(['tracker/m10/c.pdf', 'tracker/m2/d.pdf']);
    await expect(privateFiles.deleteFolder('')).rejects.toThrow(/whole storage/);
    await expect(privateFiles.deleteFolder('/')).rejects.toThrow(/whole storage/);
  });

  it('keeps media and private files apart: neither sees, lists or reaches the other', async () => {
    const { media, privateFiles } = storages;
    await privateFiles.put('tracker/secret/cert.pdf', 'private', 'application/pdf');
    await media.put('public/p.txt', 'public', 'text/plain');
    expect(await media.get('tracker/secret/cert.pdf')).toBeNull();
    expect(await privateFiles.get('public/p.txt')).toBeNull();
    expect(await keysOf(media, '')).not.toContain('tracker/secret/cert.pdf');
    expect(await keysOf(privateFiles, '')).toContain('tracker/secret/cert.pdf');
    expect(await keysOf(privateFiles, '')).not.toContain('public/p.txt');
  });

  it('refuses unsafe keys that climb out of the storage or hold a NUL', async () => {
    const { media } = storages;
    for (const key of ['../x.txt', 'a/../../x.txt', '../members-private/tracker/secret/cert.pdf', 'a\0b']) {
      await expect(media.put(key, 'x', 'text/plain')).rejects.toThrow(/Unsafe storage key/);
      await expect(media.get(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(media.open(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(media.stat(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(media.delete(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(media.deleteFolder(key)).rejects.toThrow(/Unsafe storage key/);
    }
    // A leading slash or a dot segment stays inside: the same file.
    await media.put('/inside/./k.txt', 'in', 'text/plain');
    expect((await media.get('inside/k.txt'))?.toString()).toBe('in');
  });
});
