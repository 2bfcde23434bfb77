/**
 * The servers of a `--config` file, offered to the page to pick from. The page
 * sees their summaries (secrets redacted as in any log) and connects by name:
 * a key in a config file never travels to the page.
 */
import { formatIssues } from '../wire/commands';
import { WireFailure } from '../wire/errors';
import type { ConfiguredSummary } from '../wire/commands';
import type { ConfigServer } from '../wire/server-config';
import { summarizeTarget, TargetSchema, type Target } from '../wire/target';

export class ConfiguredServers {
  private readonly targets = new Map<string, { target: Target; isDisabled: boolean; notes: string[] }>();
  readonly notes: string[];

  constructor(
    /** The file's name as the person gave it. */
    readonly source: string,
    servers: ConfigServer[],
    notes: string[] = [],
  ) {
    this.notes = [...notes];
    for (const server of servers) {
      const parsed = TargetSchema.safeParse(server.target);
      if (parsed.success) this.targets.set(server.name, { target: parsed.data, isDisabled: server.isDisabled, notes: server.notes });
      else this.notes.push(`Server "${server.name}" is left out: ${formatIssues(parsed.error.issues)}.`);
    }
  }

  get names(): string[] {
    return [...this.targets.keys()];
  }

  target(name: string): Target {
    const entry = this.targets.get(name);
    if (!entry) throw new WireFailure('not-found', `${this.source} has no server "${name}".`);
    return entry.target;
  }

  summary(): ConfiguredSummary {
    return {
      source: this.source,
      notes: this.notes,
      servers: [...this.targets].map(([name, entry]) => ({ name, target: summarizeTarget(entry.target), isDisabled: entry.isDisabled, notes: entry.notes })),
    };
  }
}
