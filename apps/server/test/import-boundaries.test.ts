import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The server's rooms in layers (docs/decisions/0004), as the repository's own ESLint config
 * checks them: each case lints one import line as if it were written in the named file.
 */

const root = path.resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The import-boundaries messages for `source` linted as the file `file` (from the repo root). */
async function boundaryMessages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, {
    filePath: path.join(root, file),
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/import-boundaries').map((m) => m.message);
}

describe('the server rooms in layers', () => {
  it.each([
    ['apps/server/src/domain/x.ts', "import { value } from '../lib/ids.ts';"],
    ['apps/server/src/domain/x.ts', "import { value } from '../db/types.ts';"],
    ['apps/server/src/db/x.ts', "import { value } from '../lib/ids.ts';"],
    ['apps/server/src/plugins/x.ts', "import { value } from '../domain/sessions.ts';"],
    ['apps/server/src/features/exams/x.ts', "import { value } from '../../domain/evaluations.ts';"],
    ['apps/server/src/features/exams/x.ts', "import { value } from '../../lib/api-errors.ts';"],
    ['apps/server/src/features/exams/x.ts', "import { value } from './exams.repo.ts';"],
    ['apps/server/src/app.ts', "import { value } from './features/exams/exams.routes.ts';"],
    // The one listed exception: the first screen's types until they move to shared.
    ['apps/server/src/plugins/web.ts', "import { value } from '../features/site/first-screen.ts';"],
  ])('%s may write %s', async (file, source) => {
    expect(await boundaryMessages(file, source)).toEqual([]);
  });

  it.each([
    ['apps/server/src/lib/x.ts', "import { value } from '../db/types.ts';", 'lib/ never imports db/'],
    [
      'apps/server/src/lib/mail/x.ts',
      "import { value } from '../../domain/audit.ts';",
      'lib/ never imports domain/',
    ],
    [
      'apps/server/src/lib/x.ts',
      "import { value } from '../plugins/auth.ts';",
      'lib/ never imports plugins/',
    ],
    [
      'apps/server/src/lib/x.ts',
      "import { value } from '../features/exams/x.ts';",
      'lib/ never imports features/',
    ],
    ['apps/server/src/db/x.ts', "import { value } from '../domain/audit.ts';", 'db/ never imports domain/'],
    [
      'apps/server/src/domain/x.ts',
      "import { value } from '../features/exams/x.ts';",
      'domain/ never imports features/',
    ],
    [
      'apps/server/src/domain/x.ts',
      "import { value } from '../plugins/auth.ts';",
      'domain/ never imports plugins/',
    ],
    [
      'apps/server/src/plugins/auth.ts',
      "import { value } from '../features/site/first-screen.ts';",
      'plugins/ never imports features/',
    ],
    [
      'apps/server/src/features/exams/x.ts',
      "import { value } from '../../plugins/auth.ts';",
      'features/ never imports plugins/',
    ],
    [
      'apps/server/src/features/exams/x.ts',
      "import { value } from '../events/events.repo.ts';",
      'Features do not import each other',
    ],
  ])('%s may not write %s', async (file, source, refusal) => {
    const messages = await boundaryMessages(file, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(refusal);
  });
});
