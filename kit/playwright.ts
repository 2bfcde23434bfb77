// elicitation-inspector/playwright: the fixture, the page object and the start-up helper.
export { test, expect, type InspectorFixtures } from './fixture.js';
export { InspectorPage } from './inspector-page.js';
export { FormElicitation, UrlElicitation, type Elicitation, type ElicitationField, type FieldValue } from './elicitation.js';
export { SamplingRequest } from './sampling.js';
export { startInspector, targetArgs, type Inspector, type InspectorOptions, type InspectorTarget } from './start-inspector.js';
