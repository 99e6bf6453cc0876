import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', 'coverage/**', '**/node_modules/**', '.quire-data/**', 'examples/**/*.min.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly',
        clearTimeout: 'readonly', Buffer: 'readonly', fetch: 'readonly', Response: 'readonly',
        Request: 'readonly', Headers: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly',
        globalThis: 'readonly', window: 'readonly', document: 'readonly', crypto: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // A forgotten `await` on a function that became async fails silently; catch it at lint time.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': 'error' },
  },
  {
    files: ['bench/**', 'fidelity/**', 'examples/**', 'packages/server/src/cli/**', 'scripts/**', 'test/**', 'packages/*/test/**'],
    rules: { 'no-console': 'off' },
  },
);
