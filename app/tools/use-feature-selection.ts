import { useCallback, useState } from 'react';
import type { FeatureView } from './feature-tabs';
import type { ResourcePick } from './resource-list';

const VIEW_KEY = 'elicitation-inspector.feature-view';

function readView(): FeatureView {
  try {
    const stored = sessionStorage.getItem(VIEW_KEY);
    return stored === 'prompts' || stored === 'resources' ? stored : 'tools';
  } catch {
    // Storage switched off (or no window in a test): start on the tools.
    return 'tools';
  }
}

export type FeatureSelection = {
  view: FeatureView;
  setView: (view: FeatureView) => void;
  prompt: string | undefined;
  setPrompt: (name: string) => void;
  resource: ResourcePick | undefined;
  setResource: (pick: ResourcePick) => void;
};

/** Which list the left column shows (kept per tab across a reload), and the prompt and resource picked in it. */
export function useFeatureSelection(): FeatureSelection {
  const [view, setViewState] = useState<FeatureView>(readView);
  const [prompt, setPrompt] = useState<string>();
  const [resource, setResource] = useState<ResourcePick>();
  const setView = useCallback((next: FeatureView) => {
    setViewState(next);
    try {
      sessionStorage.setItem(VIEW_KEY, next);
    } catch {
      // As above: the view is only forgotten across a reload.
    }
  }, []);
  return { view, setView, prompt, setPrompt, resource, setResource };
}
