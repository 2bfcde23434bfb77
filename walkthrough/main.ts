/**
 * `elicitation-inspector demo …`: the recorded walkthrough, an entry of its own that server/cli.ts
 * imports as the table of commands says (server/commands.ts); its arguments follow the command word.
 * The proxy never imports this folder: the walkthrough is a consumer of the kit and of the
 * proxy's scenario code, and drives a browser, none of which an inspector start needs.
 */
import { runDemo } from './demo-cli';

// A reader that goes away (`demo | head`) ends the terminal's copy, not the walkthrough: its files are still written.
let stdoutOpen = true;
process.stdout.on('error', () => (stdoutOpen = false));
const code = await runDemo(process.argv.slice(3), {
  stdout: (text) => void (stdoutOpen && process.stdout.write(text)),
  stderr: (text) => void process.stderr.write(text),
});
// Exit once stdout has taken everything, as the other commands do.
if (stdoutOpen) process.stdout.write('', () => process.exit(code));
else process.exit(code);
