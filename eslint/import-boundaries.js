// ESLint rule: imports flow one way (ARCHITECTURE.md rule 1). shared never imports an app; the
// web app and the server never import each other; a feature never imports another feature; a
// migration imports nothing of the project outside its folder (it is frozen: docs/decisions/0003).
// Inside the server, rooms sit in layers (docs/decisions/0004): lib/ (infrastructure) at the
// bottom, then db/, then domain/ (what features share), then plugins/ and features/; a room
// imports only the rooms below it.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const MIGRATIONS = 'apps/server/src/db/migrations/';

/** The server's rooms and the rooms each may import (app.ts, the composition root, may import all). */
const SERVER_ROOMS = {
  lib: [],
  db: ['lib'],
  domain: ['lib', 'db'],
  plugins: ['lib', 'db', 'domain'],
  features: ['lib', 'db', 'domain'],
};

/**
 * Arrows from a lower room to a higher one not yet taken away, each with its reason and where it
 * goes. Keep this list short: a new entry needs a decision record.
 */
const SERVER_EXCEPTIONS = [
  {
    // The page server's types of the first screen (TFirstScreenPage, TReader, TRouteRenderer) live
    // with the site feature; issue 38's first-screen part moves the renderer contract to shared.
    from: 'apps/server/src/plugins/web.ts',
    to: 'apps/server/src/features/site/first-screen.ts',
  },
];

function place(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const feature = rel.match(/^apps\/(web|server)\/src\/features\/([^/]+)\//);
  const room = rel.match(/^apps\/server\/src\/([^/]+)\//);
  return {
    rel,
    app: rel.startsWith('apps/web/') ? 'web' : rel.startsWith('apps/server/') ? 'server' : null,
    isShared: rel.startsWith('packages/shared/'),
    feature: feature ? `${feature[1]}:${feature[2]}` : null,
    isMigration: rel.startsWith(MIGRATIONS) && !rel.endsWith('.test.ts'),
    serverRoom: room && room[1] in SERVER_ROOMS ? room[1] : null,
  };
}

function serverRoomProblem(from, to) {
  if (!from.serverRoom || !to.serverRoom || from.serverRoom === to.serverRoom) return null;
  if (SERVER_ROOMS[from.serverRoom].includes(to.serverRoom)) return null;
  if (SERVER_EXCEPTIONS.some((e) => e.from === from.rel && e.to === to.rel)) return null;
  return (
    `${from.serverRoom}/ never imports ${to.serverRoom}/: it may import ` +
    `${SERVER_ROOMS[from.serverRoom].map((r) => `${r}/`).join(', ') || 'no other room'} ` +
    '(docs/decisions/0004). Move what two rooms need down into domain/ or lib/.'
  );
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
  return serverRoomProblem(from, to);
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
