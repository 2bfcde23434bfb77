import { describe, expect, it } from 'vitest';
import { isFlowPanelFolded } from './flow-fold';

describe('isFlowPanelFolded', () => {
  it('stays open while no form waits', () => {
    expect(isFlowPanelFolded([], new Set())).toBe(false);
    expect(isFlowPanelFolded([], new Set(['e1']))).toBe(false);
  });

  it('folds while a form waits and the person has not unfolded it', () => {
    expect(isFlowPanelFolded(['e2'], new Set())).toBe(true);
  });

  it('stays unfolded while a form that was waiting at the unfold still waits', () => {
    expect(isFlowPanelFolded(['e2'], new Set(['e2']))).toBe(false);
    expect(isFlowPanelFolded(['e2', 'e5'], new Set(['e2']))).toBe(false);
  });

  it('folds again for the next form once those forms are answered', () => {
    expect(isFlowPanelFolded(['e5'], new Set(['e2']))).toBe(true);
  });
});
