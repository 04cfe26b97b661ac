// Lint, with the import boundaries of DESIGN §3: shared imports neither side; app and server never import each other;
// a feature never imports another feature (share through components/ or shared/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'src/server/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: restrict([
      { group: ['@/app/*', '@/server/*', '**/app/*', '**/server/*'], message: 'shared/ imports neither app/ nor server/.' },
      { group: ['react', 'react-dom', 'fastify', 'drizzle-orm', 'drizzle-orm/*'], message: 'shared/ stays framework-free.' },
    ]),
  },
  {
    files: ['src/app/**', 'sw/**'],
    rules: restrict([{ group: ['@/server/*', '**/server/*'], message: 'app/ never imports server/.' }]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([{ group: ['@/app/*', '**/app/*', 'react', 'react-dom'], message: 'server/ never imports app/.' }]),
  },
  {
    files: ['src/app/features/**'],
    rules: restrict([
      { group: ['@/server/*', '**/server/*'], message: 'app/ never imports server/.' },
      { group: ['@/app/features/*', '@/app/features/**'], message: 'A feature never imports another feature: share through components/ or shared/.' },
      { regex: '^\\.\\./(?!\\.\\.)[^/]+', message: 'A feature never imports a sibling feature: share through components/ or shared/.' },
    ]),
  },
  {
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
