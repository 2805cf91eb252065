import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/*
 * Bytes sent to many clients alike (replayed public answers, the page): compressed once per
 * encoding on first need, not per request as @fastify/compress would.
 */

export type TCompressible = { identity: Buffer; br?: Buffer; gzip?: Buffer };

export type TEncoding = 'br' | 'gzip' | 'identity';

/** The best of br and gzip the client accepts (q=0 refuses), as @fastify/compress chooses. */
export function acceptedEncoding(header: string | undefined): TEncoding {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

export function compressed(entry: TCompressible, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    entry.br ??= brotliCompressSync(entry.identity, {
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 },
    });
    return entry.br;
  }
  entry.gzip ??= gzipSync(entry.identity);
  return entry.gzip;
}
