import { SessionHeader } from './connect/session-header';
import { useLogHeight } from './log/use-log-height';
import { useSession } from './state/app-context';
import { useFeatureSelection } from './tools/use-feature-selection';
import { useSelectedTool } from './tools/use-selected-tool';
import { ErrorBoundary } from './ui/error-boundary';
import { ResizeHandle } from './ui/resize-handle';
import { ColumnResizeHandle } from './ui/column-resize-handle';
import { SHARE_BOUNDS } from './ui/layout-memory';
import { useRememberedShare } from './ui/use-layout-memory';
import { ThemeSwitch } from './ui/theme-switch';
import { lazyPanel } from './ui/preloaded-lazy';

const loadPanels = () => import('./panels');

// The first paint is the frame and the header; the panels come in one chunk (panels.tsx),
// fetched at once beside the socket's handshake (budgets: scripts/page-weight.json).
const ConnectionSection = lazyPanel(loadPanels, (m) => m.ConnectionSection);
const SessionNotice = lazyPanel(loadPanels, (m) => m.SessionNotice);
const TappedSessionNotice = lazyPanel(loadPanels, (m) => m.TappedSessionNotice);
const RulesSection = lazyPanel(loadPanels, (m) => m.RulesSection);
const FeatureList = lazyPanel(loadPanels, (m) => m.FeatureList);
const FeaturePanel = lazyPanel(loadPanels, (m) => m.FeaturePanel);
const SignInPanel = lazyPanel(loadPanels, (m) => m.SignInPanel);
const UrlFlowPanel = lazyPanel(loadPanels, (m) => m.UrlFlowPanel);
const RequestsPanel = lazyPanel(loadPanels, (m) => m.RequestsPanel);
const LogPanel = lazyPanel(loadPanels, (m) => m.LogPanel);
const ScenarioMenu = lazyPanel(loadPanels, (m) => m.ScenarioMenu);
const SessionsMenu = lazyPanel(loadPanels, (m) => m.SessionsMenu);
const KeyboardLayer = lazyPanel(loadPanels, (m) => m.KeyboardLayer);

/**
 * Three columns over the log. Each column scrolls on its own (min-h-0 lets a flex child
 * shrink below its content), so nothing in one can slide under the log or another column.
 * The requests column takes the larger share beside the tool (remembered per browser):
 * the form a person must answer needs the room more than the tool's arguments do.
 */
export function App() {
  const session = useSession();
  const [tool, setTool] = useSelectedTool(session);
  const features = useFeatureSelection();
  const log = useLogHeight();
  const [requestsShare, setRequestsShare] = useRememberedShare('requests-share');

  return (
    <div className="flex h-full flex-col">
      <SessionHeader
        actions={
          <>
            <ScenarioMenu />
            <ThemeSwitch />
            <SessionsMenu />
          </>
        }
      />
      <SessionNotice />
      <TappedSessionNotice />
      <div className="flex min-h-0 flex-1">
        <aside aria-label="Connection and tools" className="flex w-80 shrink-0 flex-col overflow-y-auto border-r border-slate-200 bg-white">
          <ErrorBoundary label="The connection panel">
            <ConnectionSection />
          </ErrorBoundary>
          <ErrorBoundary label="The rules panel">
            <RulesSection />
          </ErrorBoundary>
          <ErrorBoundary label="The tool list">
            <FeatureList features={features} tool={tool} onTool={setTool} />
          </ErrorBoundary>
        </aside>
        <main style={{ flex: `${1 - requestsShare} 1 0` }} className="min-w-64 overflow-auto">
          <FeaturePanel features={features} tool={tool} />
        </main>
        <ColumnResizeHandle
          label="Resize requests column"
          share={requestsShare}
          onResize={setRequestsShare}
          min={SHARE_BOUNDS['requests-share'].min}
          max={SHARE_BOUNDS['requests-share'].max}
        />
        {/* data-session-id: whose requests these are, for the Playwright kit (a new session names its requests from e1 again). */}
        <aside
          aria-label="Requests"
          data-session-id={session?.sessionId}
          style={{ flex: `${requestsShare} 1 0` }}
          className="flex min-w-[22rem] flex-col overflow-y-auto bg-slate-50"
        >
          <ErrorBoundary label="The sign-in panel">
            <SignInPanel />
          </ErrorBoundary>
          <ErrorBoundary label="The URL flows panel">
            <UrlFlowPanel />
          </ErrorBoundary>
          <ErrorBoundary label="The requests panel">
            <RequestsPanel />
          </ErrorBoundary>
        </aside>
      </div>
      <ResizeHandle label="Resize log" height={log.heightPx} min={log.minPx} max={log.maxPx} onResize={log.setHeightPx} />
      <div style={{ height: log.heightPx }} className="shrink-0">
        <ErrorBoundary label="The log">
          <LogPanel />
        </ErrorBoundary>
      </div>
      <KeyboardLayer
        onPickTool={(name) => {
          setTool(name);
          features.setView('tools');
        }}
      />
    </div>
  );
}
