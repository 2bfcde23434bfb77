import type { BadgeTone } from '@app/ui/badge';
import type { FlowStatus } from './flow-status';

/** How loud each flow status is drawn: the card and its folded line agree. */
export const STATUS_TONE: Record<FlowStatus, BadgeTone> = {
  'Waiting for consent': 'warning',
  'Waiting for completion': 'info',
  Completed: 'success',
  'Finished, no completion reported': 'neutral',
  Declined: 'neutral',
  Cancelled: 'neutral',
  Withdrawn: 'neutral',
  Retried: 'accent',
};
