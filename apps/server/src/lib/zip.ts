import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { Readable } from 'node:stream';

/*
 * A ZIP written while it is sent (fflate): entries come from an async source one at a time, and
 * the next one is read only when the client has taken what came before (the readable stream
 * pulls), so a pack of many certificates holds one file in memory, not all of them. PDFs and
 * pictures are compressed already and are stored as they are; `compress` deflates an entry.
 */

/** An entry's bytes: whole, or a stream of pieces (a large file, read as the client takes it). */
export type TZipEntry = {
  name: string;
  bytes: Uint8Array | AsyncIterable<Uint8Array>;
  modified?: Date;
  compress?: boolean;
};

/** A name not used yet in this archive: 'a.pdf', then 'a (2).pdf'. */
function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

/** A pace for an archive: at most this many bytes a second, so one download cannot take a core. */
export type TZipPace = { bytesPerSecond: number };

async function* zipChunks(entries: AsyncIterable<TZipEntry>, pace: TZipPace | null): AsyncGenerator<Buffer> {
  const ready: Uint8Array[] = [];
  const failure: { error: Error | null } = { error: null };
  const zip = new Zip((error, chunk) => {
    if (error) failure.error = error;
    else ready.push(chunk);
  });
  const used = new Set<string>();
  const started = Date.now();
  let sent = 0;
  const drain = async function* () {
    if (failure.error) throw failure.error;
    while (ready.length > 0) {
      const chunk = Buffer.from(ready.shift()!);
      sent += chunk.length;
      yield chunk;
    }
    // Ahead of the pace: wait, and let the process serve everyone else meanwhile.
    const aheadMs = pace ? (sent / pace.bytesPerSecond) * 1000 - (Date.now() - started) : 0;
    if (aheadMs > 1) await new Promise((resolve) => setTimeout(resolve, aheadMs));
  };
  for await (const entry of entries) {
    const name = uniqueName(entry.name, used);
    const file = entry.compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    if (entry.modified) file.mtime = entry.modified;
    zip.add(file);
    if (entry.bytes instanceof Uint8Array) {
      file.push(entry.bytes, true);
      yield* drain();
      continue;
    }
    // Piece by piece: the CRC and the copy of a 10 MB file never hold the event loop at once.
    for await (const piece of entry.bytes) {
      file.push(piece, false);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** The archive of `entries` as a byte stream, at `pace` when given. */
export function zipStream(entries: AsyncIterable<TZipEntry>, pace: TZipPace | null = null): Readable {
  return Readable.from(zipChunks(entries, pace), { objectMode: false });
}
