import { useEffect, useState } from 'react';
import { ConnectPanel } from './connect/connect-panel';
import { SessionHeader } from './connect/session-header';
import { SessionNotice } from './connect/session-notice';
import { RequestsPanel } from './elicitation/requests-panel';
import { LogPanel } from './log/log-panel';
import { useSession } from './state/app-context';
import { ToolList } from './tools/tool-list';
import { ToolPanel } from './tools/tool-panel';
import { ErrorBoundary } from './ui/error-boundary';
import { SessionsMenu } from './sessions/sessions-menu';
import { ResizeHandle } from './ui/resize-handle';
import { UrlFlowPanel } from './url-flow/url-flow-panel';

export function App() {
  const session = useSession();
  const [tool, setTool] = useState<string>();
  const [logHeight, setLogHeight] = useState(260);
  const isLive = session?.status.state === 'ready' || session?.status.state === 'connecting';

  // A new session starts with no tool picked, unless the old pick still exists.
  useEffect(() => {
    if (tool && session && !session.tools.some((t) => t.name === tool) && session.tools.length) setTool(undefined);
  }, [session, tool]);

  return (
    <div className="flex h-full flex-col">
      <SessionHeader actions={<SessionsMenu />} />
      <SessionNotice />
      <div className="flex min-h-0 flex-1">
        <aside className="flex w-80 shrink-0 flex-col border-r border-slate-200 bg-white">
          <details open={!isLive} className="border-b border-slate-200">
            <summary className="cursor-pointer px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Connection</summary>
            <ErrorBoundary label="The connection panel">
              <ConnectPanel />
            </ErrorBoundary>
          </details>
          <ErrorBoundary label="The tool list">
            <ToolList selected={tool} onSelect={setTool} />
          </ErrorBoundary>
        </aside>
        <main className="min-w-0 flex-1 overflow-auto">
          <ErrorBoundary label="The tool panel" resetKey={tool}>
            <ToolPanel toolName={tool} />
          </ErrorBoundary>
        </main>
        <aside aria-label="Requests" className="flex w-[30rem] shrink-0 flex-col border-l border-slate-200 bg-slate-50">
          <ErrorBoundary label="The URL flows panel">
            <UrlFlowPanel />
          </ErrorBoundary>
          <ErrorBoundary label="The requests panel">
            <RequestsPanel />
          </ErrorBoundary>
        </aside>
      </div>
      <ResizeHandle label="Resize log" height={logHeight} onResize={setLogHeight} />
      <div style={{ height: logHeight }} className="shrink-0">
        <ErrorBoundary label="The log">
          <LogPanel />
        </ErrorBoundary>
      </div>
    </div>
  );
}
