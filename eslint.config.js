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
    rules: {
      'pipetop/boundaries': 'error',
      // Text reaches the terminal through one primitive (src/ui/components/Text.tsx, over
      // src/text/safe.ts): no component may render a string through Ink's own Text or Transform,
      // which pass escape sequences from the server straight to the user's terminal.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'ink',
              importNames: ['Text', 'Transform'],
              message: "Import Text from src/ui/components/Text.tsx: it makes every string safe for the terminal (Ink's passes escapes through).",
            },
          ],
        },
      ],
    },
  },
  {
    // The primitive itself: the one file that wraps Ink's Text.
    files: ['src/ui/components/Text.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
