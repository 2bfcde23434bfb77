/**
 * The import rules of ARCHITECTURE.md are lint errors: each deliberately broken
 * boundary below must be reported by `npm run lint` with the rule's message.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The rules that draw the boundaries; the lint run checks every other rule on the real files. */
const IMPORT_RULE = /^(import-x\/no-restricted-paths|@typescript-eslint\/no-restricted-imports|import-x\/no-cycle)$/;

// The project's own config, its import rules only: none of them reads types, so the snippets are parsed
// without building a TypeScript program for each project they sit in (most of this file's time).
const eslint = new ESLint({
  cwd: process.cwd(),
  ruleFilter: ({ ruleId }) => IMPORT_RULE.test(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function messagesFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('the architecture, as lint rules', () => {
  it.each([
    [
      'app/ui may not import the model',
      "import { SessionStore } from '../model/session-store';\nexport const x = SessionStore;\n",
      'app/ui/button.tsx',
      /app\/ui holds generic widgets/,
    ],
    [
      'the page may not import the proxy',
      "import { Session } from '../../server/session/session';\nexport const x = Session;\n",
      'app/log/log-row.tsx',
      /The page imports only server\/wire/,
    ],
    [
      'server/wire imports nothing from the project',
      "import { SessionLog } from '../store/session-log';\nexport const x = SessionLog;\n",
      'server/wire/events.ts',
      /server\/wire is the contract/,
    ],
    [
      'the Playwright kit imports nothing from the project',
      "import { VERSION } from '../server/version';\nexport const x = VERSION;\n",
      'kit/fixture.ts',
      /kit\/ ships in the package on its own/,
    ],
    [
      'sessions know nothing of HTTP',
      "import { startProxyServer } from '../http/server';\nexport const x = startProxyServer;\n",
      'server/session/session.ts',
      /Sessions do not know about HTTP/,
    ],
    [
      'the core imports no tool, not even when it is needed',
      "export const load = () => import('../audit/audit-job');\n",
      'server/http/commands.ts',
      /The core imports no tool/,
    ],
    [
      'a session does not reach up to the registry that keeps it',
      "import { SessionRegistry } from '../registry/session-registry';\nexport const x = SessionRegistry;\n",
      'server/session/session.ts',
      /the registry that keeps sessions sit above it/,
    ],
    [
      'a spec check is no part of a session',
      "import { Session } from '../session/session';\nexport const x = Session;\n",
      'server/checks/findings.ts',
      /The spec checks judge what was said/,
    ],
    [
      'sessions reach no tool',
      "import { runScenario } from '../scenarios/scenario-runner';\nexport const x = runScenario;\n",
      'server/session/session.ts',
      /The core imports no tool/,
    ],
    [
      'the tap records; it does not drive or serve',
      "import { startProxyServer } from '../http/server';\nexport const x = startProxyServer;\n",
      'server/tap/tap-recorder.ts',
      /The tap relays and records/,
    ],
    [
      'the SDK client stays in server/session',
      "import { Client } from '@modelcontextprotocol/client';\nexport const x = Client;\n",
      'server/store/session-log.ts',
      /only inside server\/session/,
    ],
    [
      'product code does not import test code from e2e/',
      "import { ROOT } from '../../e2e/support/processes';\nexport const x = ROOT;\n",
      'server/session/session.ts',
      /Product code does not import test code/,
    ],
    [
      'the proxy does not import the walkthrough',
      "import { runDemo } from '../walkthrough/demo-cli';\nexport const x = runDemo;\n",
      'server/cli.ts',
      /The proxy does not import the walkthrough/,
    ],
    [
      'the scenario runner does not import the audit',
      "import { runAudit } from '../audit/audit-runner';\nexport const x = runAudit;\n",
      'server/scenarios/step-driver.ts',
      /The audit builds on sessions and the scenario runner/,
    ],
    [
      'the audit knows no HTTP routes',
      "import { startProxyServer } from '../http/server';\nexport const x = startProxyServer;\n",
      'server/audit/audit-runner.ts',
      /The audit drives sessions through the scenario runner/,
    ],
    [
      'the formats are views over session entries, not sessions',
      "import { Session } from '../session/session';\nexport const x = Session;\n",
      'server/formats/session-diff.ts',
      /server\/formats are views over session entries/,
    ],
    ['the model has no React', "import { useState } from 'react';\nexport const x = useState;\n", 'app/model/log-index.ts', /app\/model has no React/],
  ])(
    '%s',
    async (_rule, code, filePath, expected) => {
      const messages = await messagesFor(code, filePath);
      expect(messages.join('\n')).toMatch(expected);
    },
    120_000,
  );

  it('a file that keeps to its layer breaks no import rule', async () => {
    const IMPORT_RULES = /^(import-x\/no-restricted-paths|@typescript-eslint\/no-restricted-imports|import-x\/no-cycle):/;
    const messages = (
      await messagesFor("import { EVENT_SCHEMA_VERSION } from '../../server/wire/events';\nexport const x = EVENT_SCHEMA_VERSION;\n", 'app/model/log-index.ts')
    ).filter((m) => IMPORT_RULES.test(m));
    expect(messages).toEqual([]);
  }, 120_000);
});
