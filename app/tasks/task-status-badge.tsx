import type { EventOf } from '@wire/events';
import { Badge, type BadgeTone } from '@app/ui/badge';

const TONE: Record<EventOf<'task-status'>['status'], BadgeTone> = {
  working: 'info',
  input_required: 'warning',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** A task's latest status (2025-11-25 tasks), with who runs it; the status message in the tooltip. */
export function TaskStatusBadge({ task }: { task: EventOf<'task-status'> }) {
  const who = task.runner === 'client' ? 'run by this client; the server polls it' : 'run by the server; the inspector polls it';
  return (
    <span role="status" aria-label="Task status">
      <Badge tone={TONE[task.status]} title={`Task ${task.taskId}, ${who}${task.statusMessage ? `: ${task.statusMessage}` : ''}`}>
        task · {task.status}
      </Badge>
    </span>
  );
}
