/**
 * Runs the conformance client command that follows the first argument and writes
 * how it exited to `<first argument>/<scenario>.json` (the scenario is the
 * `MCP_CONFORMANCE_SCENARIO` the suite sets), then exits the same way.
 *
 * The suite's batch mode (`--requirements`, `--suite`) prints each scenario's
 * checks but not how its client exited, which a single-scenario run counts (a
 * client must exit 0 unless the scenario expects it to fail): this record is how
 * conformance-runner.ts tells which batch verdicts are complete.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, command, ...args] = process.argv.slice(2);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  writeFileSync(join(dir, `${encodeURIComponent(scenario)}.json`), JSON.stringify({ scenario, code, signal }));
  process.exit(code ?? 1);
});
