import { describe, expect, it } from 'vitest';
import { describeEntry } from './describe-entry';

describe('describeEntry', () => {
  it('shows a title that says more than the name', () => {
    expect(describeEntry({ name: 'plan_trip', title: 'Plan a trip', description: 'Asks where to' })).toBe('Plan a trip');
  });

  it('falls back to the description when the title only repeats the name, or there is none', () => {
    expect(describeEntry({ name: 'plan_trip', title: 'plan_trip', description: 'Asks where to' })).toBe('Asks where to');
    expect(describeEntry({ name: 'plan_trip', description: 'Asks where to' })).toBe('Asks where to');
  });

  it('says nothing when there is nothing to say', () => {
    expect(describeEntry({ name: 'plan_trip', title: '' })).toBeUndefined();
  });
});
