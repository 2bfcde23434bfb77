import { describe, expect, it } from 'vitest';
import { filterPaletteItems, type PaletteItem } from './palette-items';

const item = (group: PaletteItem['group'], label: string, detail?: string): PaletteItem => ({ id: `${group}:${label}`, group, label, detail, run: () => {} });
const ITEMS = [
  item('Tool', 'echo', 'Plain tool'),
  item('Tool', 'plan_trip', 'Plan a trip (two steps)'),
  item('Call', 'c1 plan_trip', 'Completed'),
  item('Session', 'Elicitation demo server', 'live'),
  item('Setting', 'Theme: Dark'),
];

const labels = (query: string) => filterPaletteItems(ITEMS, query).map((i) => i.label);

describe('the command palette filter', () => {
  it('offers everything when nothing is typed', () => {
    expect(labels('')).toHaveLength(5);
  });

  it('keeps items holding every word, in label, detail or group, case-insensitively', () => {
    expect(labels('TRIP')).toEqual(['plan_trip', 'c1 plan_trip']);
    expect(labels('call trip')).toEqual(['c1 plan_trip']);
    expect(labels('two steps')).toEqual(['plan_trip']);
    expect(labels('dark')).toEqual(['Theme: Dark']);
    expect(labels('nothing like this')).toEqual([]);
  });

  it('puts items whose label starts with the word first', () => {
    expect(labels('c1')).toEqual(['c1 plan_trip']);
    expect(labels('e')[0]).toBe('echo');
  });
});
