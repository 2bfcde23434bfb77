import { describe, expect, it } from 'vitest';
import { parseScenarioText, ScenarioFileError } from './scenario-file';

describe('scenario file', () => {
  it('a JSON syntax error names the line and column', () => {
    expect(() => parseScenarioText('{\n  "steps": [\n    { "call": "echo", }\n  ]\n}', 'a.json')).toThrow(
      /^a\.json:3:21: not valid JSON \(trailing comma: nothing follows it in the object\)/,
    );
    expect(() => parseScenarioText('{"steps": [', 'b.json')).toThrow(/^b\.json:1:12: not valid JSON/);
  });

  it('a schema problem names its path', () => {
    const error = (() => {
      try {
        parseScenarioText(JSON.stringify({ steps: [{ call: 'x', elicitations: [{ answer: { action: 'maybe' } }] }] }), 'c.json');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ScenarioFileError);
    expect((error as Error).message).toMatch(/^c\.json: not a valid scenario: steps\.0/);
    expect(() => parseScenarioText('{"steps": []}')).toThrow(/steps: Too small/);
  });

  it('a byte order mark is allowed and defaults are filled', () => {
    expect(parseScenarioText('\uFEFF{"steps":[{"call":"echo"}]}')).toMatchObject({
      protocol: 'auto',
      steps: [{ call: 'echo', arguments: {}, elicitations: [] }],
    });
  });
});
