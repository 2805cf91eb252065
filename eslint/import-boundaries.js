// ESLint rule: imports flow one way (ARCHITECTURE.md rule 1). shared never imports an app; the
// web app and the server never import each other; a feature never imports another feature; a
// migration imports nothing of the project outside its folder (it is frozen: docs/decisions/0003).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const MIGRATIONS = 'apps/server/src/db/migrations/';

function place(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const feature = rel.match(/^apps\/(web|server)\/src\/features\/([^/]+)\//);
  return {
    rel,
    app: rel.startsWith('apps/web/') ? 'web' : rel.startsWith('apps/server/') ? 'server' : null,
    isShared: rel.startsWith('packages/shared/'),
    feature: feature ? `${feature[1]}:${feature[2]}` : null,
    isMigration: rel.startsWith(MIGRATIONS) && !rel.endsWith('.test.ts'),
  };
}

function problem(from, to) {
  if (from.isMigration && !to.rel.startsWith(MIGRATIONS)) {
    return 'A migration never imports live code: copy what it runs into the migration or migrations/sql/ (decision 0003).';
  }
  if (from.isShared && to.app) return 'shared never imports an app.';
  if (from.app && to.app && from.app !== to.app) return `The ${from.app} app never imports ${to.app} code.`;
  if (from.feature && to.feature && from.feature !== to.feature) {
    return 'Features do not import each other: compose them in app/ (web) or app.ts (server), or pass a service in.';
  }
  return null;
}

export const importBoundaries = {
  meta: { type: 'problem', docs: { description: 'Keep imports flowing one way' }, schema: [] },
  create(context) {
    const from = place(context.filename);
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const message = problem(from, place(path.resolve(path.dirname(context.filename), spec)));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};
