import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';
import { Alert } from './alert';

type Props = {
  /** What this boundary guards, for the message: "The requests panel", "The form". */
  label: string;
  children: ReactNode;
  /** When this value changes, a failed boundary tries its children again (e.g. a new request on screen). */
  resetKey?: unknown;
};
type State = { error?: Error; failedKey?: unknown };

/**
 * A render error below stays below: the boundary says what failed and why, and
 * the rest of the page keeps working. Server data reaches many renderers (forms
 * from schemas, results, the log), and one bad message must not blank the page.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.failedKey !== props.resetKey) return { error: undefined, failedKey: props.resetKey };
    if (!state.error) return { failedKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The console keeps the component stack for whoever debugs the inspector itself.
    console.error(`${this.props.label} failed to render`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert label={`${this.props.label} failed`} className="m-2 space-y-1.5">
        <p>
          <span className="font-semibold">{this.props.label} could not be shown:</span> <span className="break-words">{error.message}</span>
        </p>
        <Button size="sm" tone="ghost" onClick={() => this.setState({ error: undefined })}>
          Try again
        </Button>
      </Alert>
    );
  }
}
