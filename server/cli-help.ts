/**
 * What the command line says about itself, all read from the table of commands (commands.ts):
 * `--help`, `<command> --help`, the docs page each names, and the error for a word that names no
 * command. The docs ship in the package (`docs/`), so the path printed is readable offline,
 * wherever the inspector was installed.
 */
import { join } from 'node:path';
import { INSPECTOR_USAGE, OPTIONS_HELP } from './cli-args';
import { COMMANDS, nearestCommands, type Command } from './commands';
import { PACKAGE_ROOT } from './runtime';

/** The docs page of the inspector itself (no command), the one `--help` names. */
export const INSPECTOR_DOCS = 'docs/connecting.md';

/** The last line of a help: where its docs page is on this machine. */
function docsLine(page: Command['docs'] | typeof INSPECTOR_DOCS): string {
  return `Docs: ${join(PACKAGE_ROOT, page)} (every page: ${join(PACKAGE_ROOT, 'README.md')})`;
}

/** `elicitation-inspector --help`: how the inspector starts, every command with its summary, the inspector's options. */
export function inspectorHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length)) + 2;
  return `Elicitation Inspector: see, answer and debug MCP elicitation flows.

Usage:
${INSPECTOR_USAGE}
  elicitation-inspector <name> [args…]                   run one of the commands below

Commands (each takes --help, which says its options and names its page of the docs):
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}${command.summary}`).join('\n')}

${OPTIONS_HELP}

${docsLine(INSPECTOR_DOCS)}
`;
}

/** Whether a command's arguments ask for its help: --help or -h before any `--` (after it, they are a server's). */
export function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  const options = end === -1 ? argv : argv.slice(0, end);
  return options.includes('--help') || options.includes('-h');
}

/** `<command> --help`: its usage, then where its docs page is. */
export function commandHelp(command: Command): string {
  return `${command.usage}\n\n${docsLine(command.docs)}\n`;
}

/** What the command line says to a word in a command's place that names none. */
export function unknownCommand(word: string): string {
  const nearest = nearestCommands(word);
  const quoted = nearest.map((name) => `"${name}"`);
  const guess = quoted.length ? ` Did you mean ${[quoted.slice(0, -1).join(', '), quoted.at(-1)].filter(Boolean).join(' or ')}?` : '';
  return `elicitation-inspector: "${word}" is not a command.${guess}
The commands: ${COMMANDS.map((command) => command.name).join(', ')}. elicitation-inspector --help says what each does.
`;
}
