import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, vi } from 'vitest';
import { LOG_DIR_ENV } from './log-dir.ts';

/*
 * Set up before every server test file: remembers each secret the server makes or is given
 * during the file (every token from newSecretToken, every password it hashes) and leaves them
 * beside the run's logs for the check at the end of the run (global-setup.ts).
 */

const issued = vi.hoisted(() => new Set<string>());

vi.mock(import('../../src/lib/ids.ts'), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    newSecretToken: () => {
      const token = original.newSecretToken();
      issued.add(token);
      return token;
    },
  };
});

vi.mock(import('../../src/lib/passwords.ts'), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    hashPassword: (password: string) => {
      issued.add(password);
      return original.hashPassword(password);
    },
  };
});

afterAll(() => {
  const dir = process.env[LOG_DIR_ENV];
  if (!dir || issued.size === 0) return;
  writeFileSync(path.join(dir, `${process.pid}-${randomUUID()}.secrets`), [...issued].join('\n'));
});
