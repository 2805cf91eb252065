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
