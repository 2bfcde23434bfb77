/**
 * Help for each command, and the page of the docs that says the rest. The docs ship
 * in the package (`docs/`), so the path printed is readable offline, wherever the
 * inspector was installed.
 */
import { join } from 'node:path';
import { PACKAGE_ROOT } from './runtime';

/** The docs page that each command's help points to; '' is the inspector itself. */
export const COMMAND_DOCS = {
  '': 'docs/connecting.md',
  run: 'docs/ci.md',
  audit: 'docs/audit.md',
  'scenario-from': 'docs/ci.md',
  'conformance-client': 'docs/conformance.md',
  'conformance-server': 'docs/conformance.md',
  demo: 'docs/demos.md',
  'export-spec': 'docs/playwright.md',
  tap: 'docs/tap.md',
  diff: 'docs/diff-and-export.md',
  'export-har': 'docs/diff-and-export.md',
  'export-otlp': 'docs/diff-and-export.md',
} as const;

export type HelpCommand = keyof typeof COMMAND_DOCS;

/** The last line of a command's help: where its docs page is on this machine. */
export function docsLine(command: HelpCommand): string {
  return `Docs: ${join(PACKAGE_ROOT, COMMAND_DOCS[command])} (every page: ${join(PACKAGE_ROOT, 'README.md')})`;
}

/** Usage of the headless commands that parse no options of their own beyond the file they take. */
const USAGE: Partial<Record<HelpCommand, string>> = {
  run: `Usage: elicitation-inspector run <scenario.json> [--protocol <version>|all] [--reporter line|json|junit] [--out FILE] [--data-dir DIR] [--otlp URL]

Plays a scenario file headless: each step's call, each elicitation answered as the file says, each
expectation checked. --otlp sends each call to an OTLP/HTTP collector as a trace. Exit codes: 0 every expectation held, 1 one failed, 2 usage or a broken scenario
file, 3 could not connect or run.`,
  audit: `Usage: elicitation-inspector audit <scenario.json> [-- <command> [args…] | --url <url>] [--revision <version>|all]
       [--reporter line|json|junit] [--out FILE] [--skip <case,…>] [--concurrency N] [--case-timeout MS] [--data-dir DIR]
       [--otlp URL]

For each step of the file that elicits, calls it again once per case, answering its form with one invalid
or odd answer (a field left out, null, the wrong type, out of range, not an option, decline, cancel, …),
its URL requests with decline, cancel or a consent never completed, on 2025 answering after the server
gave up, or on 2026-07-28 altering a retry (requestState changed or from another call or round,
inputResponses keys added, dropped, renamed or replayed). The file's "audit" block may switch cases off
("skip") and add cases of your own ("cases").
A case passes when the server refuses it (a tool error, a JSON-RPC error, asking again) or handles it; it
fails when the server uses the invalid value or breaks (crash, hang, stack trace). The file names the
calls as a scenario does ({"steps":[{"call":"tool","arguments":{}}]}); -- or --url replace its server.
--otlp sends each case's calls to an OTLP/HTTP collector as traces, as its session ends.
Exit codes: 0 no case failed, 1 one failed, 2 usage or a broken file, 3 could not connect or run.`,
  'scenario-from': `Usage: elicitation-inspector scenario-from <session.jsonl> [--out FILE]

Writes a recorded session as a scenario file: each call a step, each answer given an expected
elicitation with that answer, each result seen its expectation.`,
  tap: `Usage: elicitation-inspector tap [--data-dir DIR] [--otlp URL] -- <server command> [args…]
       elicitation-inspector tap [--data-dir DIR] --url <server url> [--listen PORT] [--otlp URL]
       elicitation-inspector tap --config FILE --server NAME [--listen PORT] [--write | --restore]

What a host (Claude Desktop, Cursor, VS Code…) launches in place of its stdio server: it starts the
server, relays stdin and stdout byte for byte, passes stderr through, and records every message both
ways as a session in the data folder. A running inspector on that folder shows it live; a later one
lists it. The tap writes nothing on stdout of its own, keeps relaying if the inspector goes away,
and exits with the server's exit code. --otlp sends the recorded calls to an OTLP/HTTP collector as
traces once the host is done, before the tap exits. In the page, Hold and answer here (off by
default) has the tap keep the server's form elicitations from the host, for you to answer there.
--url: a loopback proxy for a Streamable HTTP or HTTP+SSE server; prints the URL to give the host
(on 127.0.0.1, at --listen PORT or any free one), relays every exchange as it streams, answers 502
when the server is down, and records each host connection until Ctrl-C; with --otlp, each
connection's calls go to the collector as traces once it has ended.
--config: prints the file's entry for --server routed through the tap; --write puts it in the file
(a copy of the file kept beside it as FILE.before-tap), --restore puts that copy back.`,
  diff: `Usage: elicitation-inspector diff <a.jsonl> <b.jsonl> [--reporter line|json] [--time-threshold MS]

Compares two recorded sessions call by call (calls aligned by method, name and order): the
elicitations asked (message, mode, each schema field), the answers, rounds and requestState, the
result text and structuredContent, errors, findings, and the times that changed by more than the
threshold (default 200 ms, and by more than half). Exit codes: 0 no difference, 1 they differ,
2 usage or a file that cannot be read.`,
  'export-har': `Usage: elicitation-inspector export-har <session.jsonl> [--out FILE]

Writes a session's HTTP exchanges as a HAR 1.2 file (for a browser's network panel or any HAR
viewer), with URLs, headers and bodies redacted as in the session log. Exit codes: 0 written,
1 a file that cannot be read or an --out that cannot be written, 2 usage.`,
  'export-otlp': `Usage: elicitation-inspector export-otlp <session.jsonl> [--out FILE]

Writes a session's calls as OpenTelemetry traces in an OTLP/JSON file (one trace a call: its span,
and a span per request round, elicitation wait, URL flow and polling pause), for a collector or a
trace viewer. No answer, argument or secret is an attribute. Exit codes: 0 written, 1 a file that
cannot be read or an --out that cannot be written, 2 usage.`,
  'conformance-client': `Usage: elicitation-inspector conformance-client <server url>

The client command for the MCP conformance suite: it reads the scenario from MCP_CONFORMANCE_SCENARIO,
the revision from MCP_CONFORMANCE_PROTOCOL_VERSION and what the scenario hands over from
MCP_CONFORMANCE_CONTEXT, calls the server's tools (the context's calls, else each listed tool with
arguments that fit its schema) and accepts its elicitations with their defaults. Exit codes: 0 every
call was carried through (a server's error answer included), 1 a call the client could not carry
through, 2 usage, 3 could not connect.`,
  'conformance-server': `Usage: elicitation-inspector conformance-server <server url> [--scenario NAME] [--spec-version <revision>] [--data-dir DIR]
       elicitation-inspector conformance-server [--scenario NAME] [--spec-version <revision>] [--data-dir DIR] -- <server command> [args…]

Runs the MCP conformance suite's server scenarios about elicitation, tasks and input_required
against your server, one at a time, through a tap that records each scenario's traffic as a session
in the data folder. Prints each scenario's verdict (PASS, WARN, FAIL or SKIP when it does not apply at
--spec-version), its failed checks' messages and its sessions, to open in the page. --scenario runs
one server scenario the suite lists, of any kind. A stdio server (after --) is served over loopback
Streamable HTTP, one process per connection the suite opens. Uses the installed suite, else npx.
Exit codes: 0 no scenario failed, 1 one failed, 2 usage, 3 the suite or the server command could not be run.`,
};

/** `<command> --help` (or -h) before any `--`: the help to print, else undefined. */
export function commandHelp(command: HelpCommand, argv: readonly string[]): string | undefined {
  const end = argv.indexOf('--');
  const options = end === -1 ? argv : argv.slice(0, end);
  if (!options.includes('--help') && !options.includes('-h')) return undefined;
  const usage = USAGE[command];
  return usage === undefined ? undefined : `${usage}\n\n${docsLine(command)}\n`;
}
