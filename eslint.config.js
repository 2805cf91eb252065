import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Features never import each other; they are composed in app/ (web) or app.ts (server).
const featureIsolation = (root) => ({
  files: [`${root}/src/features/**/*.{ts,tsx}`],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          'accounts',
          'catalog',
          'search',
          'classroom',
          'exams',
          'certificates',
          'seats',
          'member-lists',
          'podcasts',
          'blog',
          'drilldowns',
          'ads',
          'support',
          'admin',
          'site',
        ].map((area) => ({
          target: `./${root}/src/features/${area}`,
          from: `./${root}/src/features`,
          except: [`./${area}`],
          message: 'Features do not import each other: compose them in app/ or pass a service in.',
        })),
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/.work/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Imports flow one way: shared → apps, never apps → shared, never web ↔ server.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/shared', from: './apps', message: 'shared never imports an app.' },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app never imports server code.',
            },
            { target: './apps/server', from: './apps/web', message: 'The server never imports web code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  featureIsolation('apps/server'),
  featureIsolation('apps/web'),
);
