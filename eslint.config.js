// Lint: typescript-eslint for all TypeScript, eslint-plugin-vue for single-file components;
// layout is Prettier's alone (eslint-config-prettier turns off the rules that would disagree with it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier/flat';

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', '.cache/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  prettier,
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    // TypeScript already checks every name; no-undef only misfires on DOM and Node globals.
    files: ['**/*.ts', '**/*.vue'],
    rules: { 'no-undef': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    // The two walls of the house: shared/ stands alone; only Electron entry points import electron.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:*',
            '../../main/*',
            '../../renderer/*',
            'electron',
            'ws',
            'vue',
            'pinia',
            'bonjour-service',
          ],
        },
      ],
    },
  },
  {
    // Only the Electron entry points load electron; everything else may name its types (erased at build),
    // so the host, discovery and the desktop services run and are tested in plain Node.
    files: ['**/*.ts', '**/*.vue'],
    ignores: ['main/index.ts', 'main/preload.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              allowTypeImports: true,
              message: 'only main/index.ts and main/preload.ts import electron; elsewhere use `import type`',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportExpression[source.value='electron']",
          message: 'only main/index.ts and main/preload.ts load electron',
        },
        {
          selector: "CallExpression[callee.name='require'][arguments.0.value='electron']",
          message: 'only main/index.ts and main/preload.ts load electron',
        },
      ],
    },
  },
);
