/**
 * The one place the proxy's routes reach the tools built on the core (the audit, scenario runs,
 * the doctor, the exports and diff): each is loaded when a route first needs it, so none is on
 * the path to the proxy's first answer (start-path.test.ts), and the core's folders import no
 * tool anywhere else (architecture.test.ts).
 */
export const tools = {
  /** The page's Audit this call. */
  audit: () => import('../audit/audit-job'),
  /** Check this connection. */
  doctor: () => import('../doctor/doctor'),
  /** Run scenario: a scenario file read as `run` reads it, then run. */
  scenarioFile: () => import('../scenarios/scenario-file'),
  scenarioRunner: () => import('../scenarios/scenario-runner'),
  /** Save as scenario. */
  sessionToScenario: () => import('../scenarios/session-to-scenario'),
  /** Export as a Playwright test. */
  exportSpec: () => Promise.all([import('../export/export-spec'), import('../export/session-events')]).then(([spec, events]) => ({ ...spec, ...events })),
  /** Export as HAR or OTLP/JSON. */
  sessionExports: () => import('../formats/session-exports'),
  /** The page's diff of two sessions. */
  diffFiles: () => import('../formats/diff-files'),
};
