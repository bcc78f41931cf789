// The dashboard's lint (ESLint flat config): ESLint's and typescript-eslint's recommended rules, Next's
// plugin (core-web-vitals) and React's hooks rules (the rules of hooks, exhaustive effect dependencies,
// and the React Compiler's checks). Formatting is Prettier's (.prettierrc.json), not ESLint's.
// The test command runs it with `prettier --check` (scripts/test.mjs); by hand: `npx eslint` here.
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // Generated or written by tools: the repository's scripts/graphql-codegen.mjs, Next, the bench's compiler.
  globalIgnores(['.next/', 'dist-bench/', 'next-env.d.ts', 'src/lib/api/generated.ts']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [nextPlugin.configs['core-web-vitals'], reactHooks.configs.flat.recommended],
    settings: { next: { rootDir: import.meta.dirname } },
    rules: {
      // useLiveQuery takes its dependencies as useEffect does: check them as for useEffect.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLiveQuery$' }],
      // An argument or binding named _ (or _name) is there on purpose: the position matters, not the value.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Node scripts and configs (the code generator, Jest's config).
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
]);
