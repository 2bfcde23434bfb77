/** A tool's `execution.taskSupport` (2025-11-25): whether it may, must or must not be called as a task. */
export type TaskSupport = 'forbidden' | 'optional' | 'required';

/** What the tool declares; absent or unknown means forbidden, as the spec says. */
export function taskSupportOf(tool: { execution?: unknown }): TaskSupport {
  const execution = tool.execution;
  const value: unknown = typeof execution === 'object' && execution !== null && 'taskSupport' in execution ? execution.taskSupport : undefined;
  return value === 'optional' || value === 'required' ? value : 'forbidden';
}
