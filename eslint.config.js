import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'node_modules/**',
      '.react-router/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'bench/yardstick/build/**',
      'bench/yardstick/.react-router/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, drizzle },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Drizzle: never delete or update a whole table by accident.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx', 'database'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx', 'database'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      // The barrel imports every icon; the build's shop chunk (vite.config.ts) follows static
      // imports, so one icon per module keeps unused icons out of the storefront's JavaScript.
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'lucide-react', message: "Import one icon: import Heart from 'lucide-react/icons/heart'." }],
        },
      ],
    },
  },
  {
    // Numbers as people read them come from domain/money.ts (formatCents, formatCount): the
    // first Intl number formatter a page builds loads ICU, a long task while it starts (decision 023).
    files: ['app/**/*.{ts,tsx}', 'domain/**/*.ts'],
    ignores: ['domain/money.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'toLocaleString', message: "Use formatCount or formatCents from '@domain/money'." },
        { object: 'Intl', property: 'NumberFormat', message: "Use formatCount or formatCents from '@domain/money'." },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
