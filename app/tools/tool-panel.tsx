import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useCommands, useReveal, useSession } from '@app/state/app-context';
import { ErrorBoundary } from '@app/ui/error-boundary';
import { preloadedLazy } from '@app/ui/preloaded-lazy';
import { useBusyAction } from '@app/ui/use-busy-action';
import { CallCard } from './call-card';
import { RunAsTaskOption } from '@app/tasks/run-as-task-option';
import { taskSupportOf } from '@app/tasks/task-support';
import { tapHostOf } from '@wire/target-names';
import { HostCalls } from './host-calls';
import { Alert } from '../ui/alert';

const ToolArgumentsForm = preloadedLazy(() => import('./tool-arguments-form'));
const CALLS_SHOWN = 10;

/** The selected tool: its arguments, a Run button, and its calls, newest first. */
export function ToolPanel({ toolName }: { toolName: string | undefined }) {
  const session = useSession();
  const commands = useCommands();
  // Not `busy`: several calls of one tool may run at once.
  const { error, run } = useBusyAction();
  const tool = session?.tools.find((t) => t.name === toolName);
  // R (or the palette's Run) is held here, not in the form: the form loads in its own chunk, and
  // a request made before it mounts would be lost. Picking another tool drops it.
  const [isRunRequested, setRunRequested] = useState(false);
  useReveal('command', (command) => {
    if (command === 'run-tool' && toolName) setRunRequested(true);
  });
  useEffect(() => setRunRequested(false), [toolName]);
  const takeRunRequest = useCallback(() => setRunRequested(false), []);
  const [isTaskChosen, setTaskChosen] = useState(false);
  // The form gets one function for the panel's life that calls the latest callTool: a new closure at every
  // push of the session would re-render the (memoized) rjsf form for nothing.
  const callToolRef = useRef<(args: Record<string, unknown>) => void>(() => undefined);
  const onRun = useCallback((args: Record<string, unknown>) => callToolRef.current(args), []);
  const allCalls = (session?.calls ?? []).filter((c) => c.method === 'tools/call' && c.name === toolName);
  // The newest calls, running ones always; the log's Calls view has every one.
  const calls = allCalls.filter((c, i) => !c.end || i >= allCalls.length - CALLS_SHOWN).reverse();

  const host = tapHostOf(session?.status.target);
  // A tapped session is the host's: it makes the calls, and the inspector only shows them.
  if (session && host) return <HostCalls session={session} host={host} />;
  if (!session || !toolName) {
    return <Empty text={session?.status.state === 'ready' ? 'Pick a tool on the left to call it.' : 'Connect to a server to call its tools.'} />;
  }
  if (!tool) return <Empty text={`The server no longer lists ${toolName}.`} />;

  const taskSupport = taskSupportOf(tool);
  const asTask = taskSupport === 'required' || (taskSupport === 'optional' && isTaskChosen);
  callToolRef.current = (args) =>
    void run(() => commands.send('call-tool', { sessionId: session.sessionId, name: tool.name, arguments: args, ...(asTask && { asTask }) }));

  return (
    <section aria-label="Tool" className="space-y-4 p-4">
      <header>
        <h2 className="font-mono text-base font-semibold">{tool.name}</h2>
        {tool.title && tool.title !== tool.name && <p className="text-sm font-medium text-slate-700">{tool.title}</p>}
        {tool.description && <p className="mt-1 text-sm whitespace-pre-wrap text-slate-600">{tool.description}</p>}
      </header>
      <RunAsTaskOption support={taskSupport} isChosen={isTaskChosen} onChange={setTaskChosen} />
      <ErrorBoundary label="The arguments form" resetKey={`${session.sessionId}:${tool.name}`}>
        <Suspense fallback={<p className="text-xs text-slate-500">Loading the arguments form…</p>}>
          <ToolArgumentsForm
            key={`${session.sessionId}:${tool.name}`}
            tool={tool}
            disabled={session.status.state !== 'ready'}
            onRun={onRun}
            isRunRequested={isRunRequested}
            onRunRequestTaken={takeRunRequest}
          />
        </Suspense>
      </ErrorBoundary>
      {error && <Alert>{error}</Alert>}
      <div className="space-y-3" aria-label="Calls" role="list">
        {calls.map((call, i) => (
          <CallCard key={call.callId} call={call} isLatest={i === 0} />
        ))}
        {allCalls.length > calls.length && (
          <p className="text-xs text-slate-500">{allCalls.length - calls.length} earlier calls of this tool are in the log (Calls).</p>
        )}
      </div>
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="p-6 text-sm text-slate-500">{text}</p>;
}
