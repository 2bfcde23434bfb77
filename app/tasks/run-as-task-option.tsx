import type { TaskSupport } from './task-support';

/**
 * "Run as task" for a tool that declares execution.taskSupport: a choice when it
 * is optional, always on (and said so) when it is required; nothing otherwise.
 */
export function RunAsTaskOption({ support, isChosen, onChange }: { support: TaskSupport; isChosen: boolean; onChange: (isChosen: boolean) => void }) {
  if (support === 'forbidden') return null;
  const isRequired = support === 'required';
  return (
    <label className="flex items-center gap-2 text-xs text-slate-700">
      <input
        type="checkbox"
        className="accent-indigo-600"
        checked={isRequired || isChosen}
        disabled={isRequired}
        onChange={(e) => onChange(e.target.checked)}
      />
      Run as task{' '}
      <span className="text-slate-500">
        {isRequired
          ? '(this tool requires it: the server runs it as a task, the inspector polls it)'
          : '(the server runs it as a task, the inspector polls it)'}
      </span>
    </label>
  );
}
