// Lint: type-aware TypeScript rules, React hooks rules, and the architecture as import rules.
// ARCHITECTURE.md says what each part may import; the zones below are that table, enforced.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The MCP SDK packages a client uses; only server/session (and tests) may import them. */
const SDK_CLIENT = ['@modelcontextprotocol/client', '@modelcontextprotocol/client/*', '@modelcontextprotocol/core', '@modelcontextprotocol/core/*'];

/** The tools built on the proxy's core: the core reaches them only through server/http/tools.ts, each loaded on first use. */
const TOOLS = [
  './server/audit',
  './server/scenarios',
  './server/conformance',
  './server/tap',
  './server/formats',
  './server/export',
  './server/doctor',
  './server/demo',
];

/** `from` may not be imported by `target`; `message` is what a contributor reads. */
const zones = [
  {
    target: './server/wire',
    from: [
      './app',
      './server/session',
      './server/registry',
      './server/http',
      './server/store',
      './server/demo',
      './server/rules',
      './server/scenarios',
      './server/audit',
      './server/export',
      './server/formats',
      './server/doctor',
      './server/tap',
      './walkthrough',
      './e2e',
    ],
    except: [],
    message: 'server/wire is the contract: it imports nothing from the project.',
  },
  {
    target: './app',
    from: ['./server/session', './server/registry', './server/http', './server/store', './server/demo', './server/tap', './server/formats', './e2e'],
    message: 'The page imports only server/wire (as @wire/*) from the proxy.',
  },
  {
    target: './app/ui',
    from: [
      './app/model',
      './app/connect',
      './app/tools',
      './app/elicitation',
      './app/url-flow',
      './app/auth',
      './app/log',
      './app/sessions',
      './app/rules',
      './app/scenarios',
      './app/state',
      './app/app.tsx',
    ],
    message: 'app/ui holds generic widgets: no feature, no model.',
  },
  {
    target: './app/model',
    from: [
      './app/connect',
      './app/tools',
      './app/elicitation',
      './app/url-flow',
      './app/auth',
      './app/log',
      './app/sessions',
      './app/rules',
      './app/scenarios',
      './app/state',
      './app/ui',
      './app/app.tsx',
    ],
    message: 'app/model is state without React: it imports only @wire.',
  },
  {
    target: ['./server', './app', './kit', './walkthrough'],
    from: './e2e',
    message: 'Product code does not import test code: helpers for tests live in e2e/support/ and are imported by tests only.',
  },
  {
    target: './server',
    from: './walkthrough',
    message: 'The proxy does not import the walkthrough: `demo` runs from an entry of its own (server/commands.ts).',
  },
  {
    target: './kit',
    from: ['./app', './walkthrough', './e2e'],
    message: 'kit/ ships in the package on its own: it reaches the inspector through its bin and its WebSocket, not its modules.',
  },
  {
    target: './kit',
    from: './server',
    except: ['./wire'],
    message:
      'kit/ ships in the package on its own, bundled: of the proxy it imports only server/wire (the contract, and the one WebSocket client), which imports nothing from the project.',
  },
  {
    target: ['./server/http/!(tools).ts', './server/session', './server/checks', './server/registry', './server/store', './server/auth', './server/rules'],
    from: TOOLS,
    message: "The core imports no tool: the proxy's routes reach the audit, runs, the doctor, exports and diff through server/http/tools.ts.",
  },
  {
    target: './server/checks',
    from: ['./server/session', './server/registry', './server/store', './server/auth', './server/rules', './server/http'],
    message: 'The spec checks judge what was said, wherever it was seen: they import server/wire only.',
  },
  {
    target: './server/session',
    from: ['./server/rules', './server/registry'],
    message: 'A session is one connection: the rules that answer it and the registry that keeps sessions sit above it.',
  },
  {
    target: ['./server/rules', './server/registry'],
    from: ['./server/http'],
    message: 'The registry and the rules drive sessions; the HTTP routes sit above them.',
  },
  {
    target: './server/rules',
    from: './server/registry',
    message: 'Rules answer one session; the registry that keeps sessions sits above them.',
  },
  {
    target: './server/session',
    from: ['./server/http', './server/demo', './server/doctor', './server/tap'],
    message: 'Sessions do not know about HTTP routes or the demo server.',
  },
  {
    target: './server/audit',
    from: ['./server/http', './server/export', './server/doctor'],
    message: 'The audit drives sessions through the scenario runner: it knows no HTTP routes, exports or the doctor.',
  },
  {
    target: ['./server/session', './server/registry', './server/scenarios', './server/rules', './server/store', './server/demo'],
    from: './server/audit',
    message: 'The audit builds on sessions and the scenario runner, never the other way round.',
  },
  {
    target: './server/tap',
    from: ['./server/http', './server/demo', './server/doctor', './server/rules', './server/scenarios', './server/export', './server/auth'],
    message: "The tap relays and records: it uses the wire, the store and the session's checks, nothing that drives or serves.",
  },
  {
    target: './server/store',
    from: ['./server/http', './server/session', './server/registry', './server/demo', './server/tap'],
    message: 'The store knows events and files, not sessions or routes.',
  },
  {
    target: './server/store',
    from: './server/formats',
    message: 'The store reads files; the formats (diff, HAR, OTLP) are views over what it reads, not the other way round.',
  },
  {
    target: './server/formats',
    from: [
      './server/http',
      './server/session',
      './server/registry',
      './server/auth',
      './server/demo',
      './server/rules',
      './server/scenarios',
      './server/export',
      './server/doctor',
    ],
    message: 'server/formats are views over session entries: they import server/wire and server/store only.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.data/**', '.tmp/**', 'public/**', '**/*.d.mts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs', 'server/*.mjs', 'kit/*.mjs', 'e2e/support/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.app.json', 'tsconfig.node.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // An async function without await still promises its callers a Promise (Hono handlers, interface methods).
      '@typescript-eslint/require-await': 'off',
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The architecture binds the product's code; tests may reach for any harness (e2e/support, targets).
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    // Tests read recorded JSON and poke at objects: the any-safety rules would only add casts there.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Playwright reads a test's fixtures from its destructured first parameter: \`async ({}, testInfo)\` is its idiom.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', '@typescript-eslint/no-empty-object-type': 'off' },
  },
  {
    // react-jsonschema-form types every widget's value as \`any\`: the theme narrows at each use instead.
    files: ['app/ui/json-form/widgets.tsx'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/no-unsafe-argument': 'off' },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks; the plugin's React Compiler rules stay off, since the page does not use the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The SDK's client stays behind server/session (its OAuth half in server/auth, the spec's schemas in server/checks):
    // everything else talks to a Session.
    files: ['server/**/*.ts', 'app/**/*.{ts,tsx}'],
    ignores: ['server/session/**', 'server/auth/**', 'server/checks/**', 'server/**/*.test.ts', 'server/integration/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: SDK_CLIENT, message: 'The MCP client SDK is used only inside server/session.' }] },
      ],
    },
  },
  {
    // No React and no DOM in the model; no Node or DOM globals in the wire contract.
    files: ['app/model/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'app/model has no React in it.' }] },
      ],
    },
  },
  {
    files: ['server/wire/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'react', 'react-dom'], message: 'server/wire runs in the page and the proxy alike.' }] },
      ],
    },
  },
  {
    // One fixture pool for the browser tests (e2e/support/test.ts): a spec with its own worker fixtures
    // cost a new worker (process, browser, shared inspector) at its boundary. The any-order spec is run
    // from the packed tarball in a user's folder, so it imports the kit as a user does.
    files: ['e2e/**/*.spec.ts'],
    ignores: ['e2e/kit-any-order.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'elicitation-inspector/playwright', importNames: ['test'], message: "Import test from './support/test': the suite's one fixture pool." },
            { name: '@playwright/test', importNames: ['test'], message: "Import test from './support/test': the suite's one fixture pool." },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
