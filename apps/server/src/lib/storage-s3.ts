import type { Client } from 'minio';
import { mkdirSync } from 'node:fs';
import {
  createLocalStorage,
  folderKey,
  mediaUrl,
  privateFilesDir,
  safeKey,
  type TStorage,
} from './storage.ts';

/** An S3-compatible bucket, as the S3_* settings give it (config.ts, README's settings). */
export type TObjectStorageConfig = {
  bucket: string;
  /** Origin of the S3 API, such as https://s3.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (…/bucket/key), as MinIO, Garage and s3rver want, not in the host name. */
  forcePathStyle: boolean;
  /** Where members' private files live in the bucket, such as 'private/'. */
  privatePrefix: string;
};

/** Where public media live in the bucket; S3_PRIVATE_PREFIX may neither be nor lie under it. */
export const MEDIA_PREFIX = 'media/';

/** The two storages of a server: public media (served under /media/) and members' private files. */
export type TStorages = { media: TStorage; privateFiles: TStorage; kind: 'local' | 's3' };

const MISSING = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);
const isMissing = (error: unknown) => MISSING.has((error as { code?: string } | null)?.code ?? '');

async function toBuffer(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * One folder of a bucket (`prefix`, ending in '/') as a storage. Keys are checked by the same
 * safeKey as on disk, so '../' can never reach the private prefix from the media one.
 */
export function createS3Storage(client: Client, bucket: string, prefix: string): TStorage {
  const objectKey = (key: string) => `${prefix}${safeKey(key)}`;
  const storage: TStorage = {
    async put(key, bytes, contentType) {
      const body = Buffer.from(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
      await client.putObject(bucket, objectKey(key), body, body.length, { 'Content-Type': contentType });
      return mediaUrl(key);
    },
    async get(key) {
      const stream = await storage.open(key);
      return stream && toBuffer(stream);
    },
    async open(key, range) {
      const name = objectKey(key);
      try {
        return range
          ? await client.getPartialObject(bucket, name, range.start, range.end - range.start + 1)
          : await client.getObject(bucket, name);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const facts = await client.statObject(bucket, objectKey(key));
        const type: unknown = facts.metaData['content-type'];
        return {
          size: facts.size,
          etag: facts.etag,
          modified: facts.lastModified,
          contentType: typeof type === 'string' ? type : null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async *list(folder) {
      const under = folder ? `${prefix}${folderKey(folder)}/` : prefix;
      for await (const item of client.listObjectsV2(bucket, under, true) as AsyncIterable<{
        name?: string;
        size: number;
      }>) {
        if (item.name) yield { key: item.name.slice(prefix.length), size: item.size };
      }
    },
    async delete(key) {
      // S3's DELETE of a missing key already answers 204.
      await client.removeObject(bucket, objectKey(key));
    },
    async deleteFolder(folder) {
      const keys: string[] = [];
      for await (const item of storage.list(folderKey(folder))) keys.push(item.key);
      // One DELETE per object: a member's folder holds at most 50 files (0932), and not every
      // S3-compatible server takes the multi-object delete.
      for (const key of keys) await storage.delete(key);
    },
    publicUrl: mediaUrl,
  };
  return storage;
}

/** The minio client of a bucket's settings (decision 1120: minio, not the AWS SDK). */
export async function createS3Client(config: TObjectStorageConfig): Promise<Client> {
  const { Client: MinioClient } = await import('minio');
  const endpoint = new URL(config.endpoint);
  const useSSL = endpoint.protocol === 'https:';
  return new MinioClient({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.accessKeyId,
    secretKey: config.secretAccessKey,
    region: config.region,
    pathStyle: config.forcePathStyle,
  });
}

/**
 * The server's storages: folders on disk (MEDIA_DIR and MEDIA_DIR-private, the default), or one
 * bucket with public media under `media/` and private files under S3_PRIVATE_PREFIX. A bucket
 * that is not there stops start-up with a message, not the first upload.
 */
export async function openStorages(
  mediaDir: string,
  objectStorage: TObjectStorageConfig | null,
): Promise<TStorages> {
  if (!objectStorage) {
    mkdirSync(mediaDir, { recursive: true });
    return {
      media: createLocalStorage(mediaDir),
      privateFiles: createLocalStorage(privateFilesDir(mediaDir)),
      kind: 'local',
    };
  }
  const client = await createS3Client(objectStorage);
  const { bucket, endpoint } = objectStorage;
  let exists: boolean;
  try {
    exists = await client.bucketExists(bucket);
  } catch (error) {
    throw new Error(`S3_BUCKET ${bucket} could not be reached at ${endpoint}: ${(error as Error).message}`);
  }
  if (!exists) throw new Error(`S3_BUCKET ${bucket} does not exist at ${endpoint}: create it first`);
  return {
    media: createS3Storage(client, bucket, MEDIA_PREFIX),
    privateFiles: createS3Storage(client, bucket, objectStorage.privatePrefix),
    kind: 's3',
  };
}
