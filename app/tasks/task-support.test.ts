import { describe, expect, it } from 'vitest';
import { taskSupportOf } from './task-support';

describe('taskSupportOf', () => {
  it('reads optional and required, and treats anything else (absent, unknown, not an object) as forbidden', () => {
    expect(taskSupportOf({ execution: { taskSupport: 'required' } })).toBe('required');
    expect(taskSupportOf({ execution: { taskSupport: 'optional' } })).toBe('optional');
    expect(taskSupportOf({ execution: { taskSupport: 'sometimes' } })).toBe('forbidden');
    expect(taskSupportOf({ execution: 'required' })).toBe('forbidden');
    expect(taskSupportOf({})).toBe('forbidden');
  });
});
