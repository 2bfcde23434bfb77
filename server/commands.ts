/**
 * Every command of `elicitation-inspector`, in one table. The command line reads the command word
 * only through it (`commandNamed`, in cli.ts): `--help` lists each command with its summary,
 * `<command> --help` prints its usage and where its docs page is, and the command runs as its
 * entry says. A new command is an entry here, its own module and its page in docs/
 * (ARCHITECTURE.md, "Where to add").
 *
 * No command's module is imported here: each runs through a lazy `import()`, so the inspector's
 * own start reads none of them (server/start-path.test.ts).
 */

/** How a command runs. */
type Dispatch =
  /** In this process: its module, imported only when the command is given; resolves to the exit code. */
  | { readonly run: (argv: string[]) => Promise<number> }
  /**
   * An entry point of its own, for code the proxy never imports (the walkthrough): a bundle of
   * server/build-server.mjs and the source it is built from (runtime.ts's `entryFile` picks one).
   * Imported in this process, it reads its arguments after the command word and exits itself.
   */
  | { readonly entry: { readonly bundle: string; readonly source: string } };

export type Command = {
  /** The word after `elicitation-inspector`. */
  readonly name: string;
  /** What it does, in one line: `elicitation-inspector --help` lists each command with it. */
  readonly summary: string;
  /** Its `--help`: how it is called, its options and its exit codes (its own module parses them). */
  readonly usage: string;
  /** The page of the docs that explains it; its `--help` ends with where that page is. */
  readonly docs: `docs/${string}.md`;
} & Dispatch;

const outErr = () => ({ out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) });

/** `demo`'s usage, which its own module (walkthrough/demo-cli.ts) prints with its usage errors. */
export const DEMO_USAGE = `Usage: elicitation-inspector demo [--out DIR] [--pace-ms N] [--no-trace-screenshots] [--target FILE | -- <command> [args…]]

Records a walkthrough (numbered screenshots, a Playwright trace, a video when Playwright can record one)
of the demo server, of a scenario file played in the page, or of a stdio server. Needs playwright-core.

  --out DIR        where the screenshots, trace.zip and video go (default ./elicitation-demo)
  --pace-ms N      pause before each move, so a viewer can follow (default 900; 0 for tests)
  --no-trace-screenshots
                   a trace without the film strip of its timeline (its DOM snapshots still show
                   each step): a third less CPU, for runs nobody watches, such as tests
  --target FILE    play a scenario file (as \`run\` takes) in the page: its server, each step's
                   call and answers, then whether each step's expectations held
  -- <command>     a stdio server: call each of its tools with no arguments

Exit codes: 0 done (and with --target, every played step held), 1 a step failed,
2 usage or a broken scenario file, 3 the inspector could not connect.`;

/** The commands, in the order `--help` lists them. */
export const COMMANDS = [
  {
    name: 'tap',
    summary: "relay a host's stdio or HTTP server untouched and record the session live",
    docs: 'docs/tap.md',
    usage: `Usage: elicitation-inspector tap [--data-dir DIR] [--otlp URL] -- <server command> [args…]
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
    run: async (argv) => (await import('./tap/tap-cli')).tapCli(argv),
  },
  {
    name: 'run',
    summary: 'play a scenario file headless and check each expectation (CI, JUnit)',
    docs: 'docs/ci.md',
    usage: `Usage: elicitation-inspector run <scenario.json> [--protocol <version>|all] [--reporter line|json|junit] [--out FILE] [--data-dir DIR] [--otlp URL]

Plays a scenario file headless: each step's call, each elicitation answered as the file says, each
expectation checked.

  --protocol <version>     Replace the scenario's protocol: auto, 2026-07-28, 2025-11-25, 2025-06-18,
                           or all (each revision the server speaks, with a table of where outcomes differ)
  --reporter <kind>        line (default: a line per step), json or junit (JUnit XML)
  --out <file>             Write the json or junit report to this file; the lines still print
  --data-dir <dir>         Where the run's session is kept (default ~/.elicitation-inspector/sessions),
                           to open in the page
  --otlp <url>             Send each call to an OTLP/HTTP collector as a trace

Exit codes: 0 every expectation held, 1 one failed, 2 usage or a broken scenario file, 3 could not
connect or run.`,
    run: async (argv) => (await import('./scenarios/run-cli')).runCli(argv),
  },
  {
    name: 'audit',
    summary: 'try invalid and odd answers on each form; see whether the server refuses them',
    docs: 'docs/audit.md',
    usage: `Usage: elicitation-inspector audit <scenario.json> [-- <command> [args…] | --url <url>] [--revision <version>|all]
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
    run: async (argv) => (await import('./audit/audit-cli')).auditCli(argv),
  },
  {
    name: 'scenario-from',
    summary: 'write a recorded session as a scenario file',
    docs: 'docs/ci.md',
    usage: `Usage: elicitation-inspector scenario-from <session.jsonl> [--out FILE]

Writes a recorded session as a scenario file: each call a step, each answer given an expected
elicitation with that answer, each result seen its expectation.`,
    run: async (argv) => (await import('./scenarios/scenario-from-cli')).scenarioFromCli(argv),
  },
  {
    name: 'diff',
    summary: 'compare two recorded sessions call by call, down to the schema field',
    docs: 'docs/diff-and-export.md',
    usage: `Usage: elicitation-inspector diff <a.jsonl> <b.jsonl> [--reporter line|json] [--time-threshold MS]

Compares two recorded sessions call by call (calls aligned by method, name and order): the
elicitations asked (message, mode, each schema field), the answers, rounds and requestState, the
result text and structuredContent, errors, findings, and the times that changed by more than the
threshold (default 200 ms, and by more than half). Exit codes: 0 no difference, 1 they differ,
2 usage or a file that cannot be read.`,
    run: async (argv) => (await import('./formats/diff-cli')).runDiff(argv, outErr()),
  },
  {
    name: 'export-har',
    summary: "write a recorded session's HTTP exchanges as a HAR 1.2 file",
    docs: 'docs/diff-and-export.md',
    usage: `Usage: elicitation-inspector export-har <session.jsonl> [--out FILE]

Writes a session's HTTP exchanges as a HAR 1.2 file (for a browser's network panel or any HAR
viewer), with URLs, headers and bodies redacted as in the session log. Exit codes: 0 written,
1 a file that cannot be read or an --out that cannot be written, 2 usage.`,
    run: async (argv) => (await import('./formats/export-cli')).runExport({ command: 'export-har', format: 'har' }, argv, outErr()),
  },
  {
    name: 'export-otlp',
    summary: "write a recorded session's calls as OpenTelemetry traces (OTLP/JSON)",
    docs: 'docs/diff-and-export.md',
    usage: `Usage: elicitation-inspector export-otlp <session.jsonl> [--out FILE]

Writes a session's calls as OpenTelemetry traces in an OTLP/JSON file (one trace a call: its span,
and a span per request round, elicitation wait, URL flow and polling pause), for a collector or a
trace viewer. No answer, argument or secret is an attribute. Exit codes: 0 written, 1 a file that
cannot be read or an --out that cannot be written, 2 usage.`,
    run: async (argv) => (await import('./formats/export-cli')).runExport({ command: 'export-otlp', format: 'otlp' }, argv, outErr()),
  },
  {
    name: 'export-spec',
    summary: 'write a recorded session as a Playwright test',
    docs: 'docs/playwright.md',
    usage: `Usage: elicitation-inspector export-spec <session file> [--out FILE]

Writes a recorded session as a Playwright test on the kit (elicitation-inspector/playwright): the
same server started, the same calls made, each elicitation given the same answer, each call's result
checked. On stdout, or with --out in a file, the server's paths in the same project then written
relative to it. Exit codes: 0 written, 1 a file that cannot be read, 2 usage.`,
    run: async (argv) =>
      (await import('./export/export-spec-cli')).runExportSpec(argv, {
        stdout: (text) => void process.stdout.write(text),
        stderr: (text) => void process.stderr.write(text),
      }),
  },
  {
    name: 'demo',
    summary: 'record a walkthrough (screenshots, trace, video); needs playwright-core',
    docs: 'docs/demos.md',
    usage: DEMO_USAGE,
    entry: { bundle: 'demo', source: 'walkthrough/main.ts' },
  },
  {
    name: 'conformance-client',
    summary: 'the client command for the MCP conformance suite',
    docs: 'docs/conformance.md',
    usage: `Usage: elicitation-inspector conformance-client <server url>

The client command for the MCP conformance suite: it reads the scenario from MCP_CONFORMANCE_SCENARIO,
the revision from MCP_CONFORMANCE_PROTOCOL_VERSION and what the scenario hands over from
MCP_CONFORMANCE_CONTEXT, calls the server's tools (the context's calls, else each listed tool with
arguments that fit its schema) and accepts its elicitations with their defaults. Exit codes: 0 every
call was carried through (a server's error answer included), 1 a call the client could not carry
through, 2 usage, 3 could not connect.`,
    run: async (argv) => (await import('./conformance/conformance-client')).conformanceClient(argv),
  },
  {
    name: 'conformance-server',
    summary: "run the conformance suite's elicitation server scenarios on your server",
    docs: 'docs/conformance.md',
    usage: `Usage: elicitation-inspector conformance-server <server url> [--scenario NAME] [--spec-version <revision>] [--data-dir DIR]
       elicitation-inspector conformance-server [--scenario NAME] [--spec-version <revision>] [--data-dir DIR] -- <server command> [args…]

Runs the MCP conformance suite's server scenarios about elicitation, tasks and input_required
against your server, one at a time, through a tap that records each scenario's traffic as a session
in the data folder. Prints each scenario's verdict (PASS, WARN, FAIL or SKIP when it does not apply at
--spec-version), its failed checks' messages and its sessions, to open in the page. --scenario runs
one server scenario the suite lists, of any kind. A stdio server (after --) is served over loopback
Streamable HTTP, one process per connection the suite opens. Uses the installed suite, else npx.
Exit codes: 0 no scenario failed, 1 one failed, 2 usage, 3 the suite or the server command could not be run.`,
    run: async (argv) => (await import('./conformance/conformance-server')).conformanceServer(argv),
  },
] as const satisfies readonly Command[];

/** The command a word names, if it names one: the one place the command line reads the command word. */
export function commandNamed(word: string): Command | undefined {
  return COMMANDS.find((command) => command.name === word);
}

/** The commands a mistyped word most likely meant: those it begins, else those one or two edits away. */
export function nearestCommands(word: string): string[] {
  const names = COMMANDS.map((command) => command.name);
  const begun = word.length >= 3 ? names.filter((name) => name.startsWith(word.toLowerCase())) : [];
  if (begun.length) return begun;
  const distances = names.map((name) => ({ name, distance: editDistance(word.toLowerCase(), name) }));
  const best = Math.min(...distances.map((d) => d.distance));
  return best <= Math.max(2, Math.floor(word.length / 3)) ? distances.filter((d) => d.distance === best).map((d) => d.name) : [];
}

/** Levenshtein distance: the fewest inserts, deletes and replacements that turn a into b. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}
