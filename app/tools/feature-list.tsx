import { FeatureTabs } from './feature-tabs';
import { PromptList } from './prompt-list';
import { ResourceList } from './resource-list';
import { ToolList } from './tool-list';
import { useCatalogRelisting } from './use-catalog';
import type { FeatureSelection } from './use-feature-selection';

/** The left column's lower part: Tools, Prompts or Resources, one at a time under their tabs. */
export function FeatureList({ features, tool, onTool }: { features: FeatureSelection; tool: string | undefined; onTool: (name: string) => void }) {
  useCatalogRelisting();
  return (
    <div className="flex min-h-64 flex-1 flex-col">
      <FeatureTabs view={features.view} onView={features.setView} />
      {features.view === 'tools' && <ToolList selected={tool} onSelect={onTool} />}
      {features.view === 'prompts' && <PromptList selected={features.prompt} onSelect={features.setPrompt} />}
      {features.view === 'resources' && <ResourceList selected={features.resource} onSelect={features.setResource} />}
    </div>
  );
}
