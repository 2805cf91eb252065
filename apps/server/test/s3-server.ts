import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/*
 * A real S3-compatible server on loopback for tests (issue 39): s3rver on a free port, its
 * objects in a temp folder, with one empty bucket. `env` is what points the server at it.
 */

export type TTestS3Server = {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that select this bucket. */
  env: Record<string, string>;
  /** Objects the bucket holds now, counted in s3rver's folder. */
  objectCount(): number;
  close(): Promise<void>;
};

export async function startS3Server(bucket = 'opence-test'): Promise<TTestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'opence-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      // Every host on a bucket seals the credential keys with one secret (config.ts).
      CREDENTIAL_KEY_SECRET: 'the secret every test host shares',
    },
    objectCount: () =>
      readdirSync(directory, { recursive: true }).filter((f) => String(f).endsWith('._S3rver_object')).length,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
