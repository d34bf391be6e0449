// Lint: typescript-eslint's recommended rules (syntax-level, fast) over all our folders, plus the
// two classic React hooks rules over the client: hooks called only at the top level of components
// and hooks (rules-of-hooks), and effect/memo/callback dependency lists that name every value they
// read (exhaustive-deps) — a missing dependency is a stale-data bug the type checker cannot see.
// The plugin's newer React Compiler rules (its `recommended` preset) are left out: they judge
// patterns the compiler cannot optimise, and this client does not use the compiler.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'client/dist/**', 'db/migrations/**', 'data/**', '.data-*/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
