/**
 * Every panel of the page, for app.tsx to fetch as one chunk right after the first
 * paint: the panels, their models' schemas (zod) and the rule and form checks
 * (re2js) stay out of the page's first script, and one fetch brings them all.
 */
export { SignInPanel } from './auth/sign-in-panel';
export { ConnectionSection } from './connect/connection-section';
export { SessionNotice } from './connect/session-notice';
export { RequestsPanel } from './elicitation/requests-panel';
export { KeyboardLayer } from './keyboard/keyboard-layer';
export { LogPanel } from './log/log-panel';
export { RulesSection } from './rules/rules-section';
export { ScenarioMenu } from './scenarios/scenario-menu';
export { SessionsMenu } from './sessions/sessions-menu';
export { TappedSessionNotice } from './sessions/tapped-session-notice';
export { FeatureList } from './tools/feature-list';
export { FeaturePanel } from './tools/feature-panel';
export { UrlFlowPanel } from './url-flow/url-flow-panel';
