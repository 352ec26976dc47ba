// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, and pipetop's import
// boundaries (eslint/boundaries.mjs). Formatting is Prettier's (.prettierrc.json), so no rule here
// is about layout. `npm run lint` runs both, with no suppressed findings: a boundary crossed is an
// error to fix (usually: export it from the feature's index.ts and import it from there).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { plugin as pipetop } from './eslint/boundaries.mjs';

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'bench/results/', 'node_modules/', '**/*.d.mts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      // `_`-prefixed names are unused on purpose (a callback's ignored argument).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // pipetop's job includes filtering control characters out of server text: regular expressions
      // that name them (src/text/, src/log/sanitize.ts) are the point, not a slip.
      'no-control-regex': 'off',
      // Character classes list joiners and emoji modifiers as code points on purpose (to find a line
      // that needs grapheme segmentation): the "misleading" classes are the intended ones.
      'no-misleading-character-class': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { pipetop },
    rules: { 'pipetop/boundaries': 'error' },
  },
);
