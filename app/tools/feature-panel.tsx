import { ErrorBoundary } from '@app/ui/error-boundary';
import { PromptPanel } from './prompt-panel';
import { ResourcePanel } from './resource-panel';
import { ToolPanel } from './tool-panel';
import type { FeatureSelection } from './use-feature-selection';

/** The middle column: the tool, prompt or resource picked in the list the left column shows. */
export function FeaturePanel({ features, tool }: { features: FeatureSelection; tool: string | undefined }) {
  switch (features.view) {
    case 'tools':
      return (
        <ErrorBoundary label="The tool panel" resetKey={tool}>
          <ToolPanel toolName={tool} />
        </ErrorBoundary>
      );
    case 'prompts':
      return (
        <ErrorBoundary label="The prompt panel" resetKey={features.prompt}>
          <PromptPanel name={features.prompt} />
        </ErrorBoundary>
      );
    case 'resources':
      return (
        <ErrorBoundary label="The resource panel" resetKey={JSON.stringify(features.resource ?? null)}>
          <ResourcePanel pick={features.resource} />
        </ErrorBoundary>
      );
  }
}
