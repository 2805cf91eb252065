import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolSize, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to SQLite at ./data/site.sqlite on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data/site.sqlite') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.smtpUrl).toBeNull();
  });

  it('keeps files on disk without S3_BUCKET, whatever the other S3_* say', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
    expect(
      loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k' }).objectStorage,
    ).toBeNull();
  });

  it('selects the bucket by S3_BUCKET, with defaults and the private prefix as a folder', () => {
    const keys = {
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      CREDENTIAL_KEY_SECRET: 'one secret for every host',
    };
    expect(loadConfig({ S3_BUCKET: 'opence-files', ...keys }).objectStorage).toEqual({
      bucket: 'opence-files',
      endpoint: 'https://s3.amazonaws.com',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      privatePrefix: 'private/',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'opence-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-central-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PRIVATE_PREFIX: 'site/members',
        ...keys,
      }).objectStorage,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      privatePrefix: 'site/members/',
    });
  });

  it('refuses a bad S3 setting at start-up, naming it', () => {
    const keys = {
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      CREDENTIAL_KEY_SECRET: 'one secret for every host',
    };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ S3_BUCKET: 'Bad_Bucket', ...keys })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(refusal({ S3_BUCKET: 'opence-files' })).toMatch(
      /S3_ACCESS_KEY_ID: required when S3_BUCKET is set\n {2}S3_SECRET_ACCESS_KEY: required/,
    );
    // Hosts sharing a bucket share the credential keys' secret: a file per host would not open them.
    expect(
      refusal({ S3_BUCKET: 'opence-files', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }),
    ).toBe('Invalid configuration:\n  CREDENTIAL_KEY_SECRET: required when S3_BUCKET is set');
    expect(refusal({ S3_BUCKET: 'opence-files', S3_ENDPOINT: 'ftp://x', ...keys })).toMatch(
      /S3_ENDPOINT: must be/,
    );
    expect(refusal({ S3_BUCKET: 'opence-files', S3_FORCE_PATH_STYLE: 'yes', ...keys })).toMatch(
      /S3_FORCE_PATH_STYLE/,
    );
    for (const prefix of ['media', 'media/x', '/private', '../private', 'a/../b', 'a b']) {
      expect(refusal({ S3_BUCKET: 'opence-files', S3_PRIVATE_PREFIX: prefix, ...keys })).toMatch(
        /S3_PRIVATE_PREFIX: must/,
      );
    }
  });

  it('reads sqlite: and postgres:// URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      file: '/tmp/x.sqlite',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/db' }).database).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://u:p@localhost/db',
      poolSize: defaultPoolSize(1),
    });
  });

  it('sizes the PostgreSQL pool from the machine, or from DATABASE_POOL_SIZE', () => {
    expect(defaultPoolSize(1, 2)).toBe(4);
    expect(defaultPoolSize(2, 2)).toBe(2);
    expect(defaultPoolSize(8, 2)).toBe(2);
    expect(defaultPoolSize(1, 16)).toBe(32);
    const url = 'postgres://u:p@localhost/db';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '7' }).database).toMatchObject({
      poolSize: 7,
    });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_NAMED_STATEMENTS: 'false' }).database).toMatchObject({
      namedStatements: false,
    });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_DRIVER: 'pg' }).database).toMatchObject({ driver: 'pg' });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_DRIVER: 'mysql' })).toThrow(/DATABASE_DRIVER:/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://ce.example.com/' }).publicUrl).toBe('https://ce.example.com');
  });
});
