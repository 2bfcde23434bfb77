/**
 * SEP-2792's "keys stay stable": a server that honours the person's language
 * translates a form's message, titles and descriptions, never its property
 * keys, so an answer means the same whatever language asked. Checking it takes
 * the same form asked in two languages (or with and without one), and a
 * session speaks one language, so the memory outlives the session: for the rest
 * of this run, each form is remembered by server, tool and input key, with the
 * keys it had in each language. A form whose keys differ from the same form in
 * another language is a finding.
 */
import { findingOf } from '../wire/finding-codes';
import type { Target } from '../wire/target';
import { targetKey } from './era-memory';
import type { RaisedFinding } from '../checks/findings';

/** Forms remembered at most; the oldest is forgotten first. */
const MAX_FORMS = 512;

/** Per form (server, tool, input key): the property keys, sorted, under each language ('' for none). */
const keysByForm = new Map<string, Map<string, string>>();

export type FormPlace = { target: Target; tool: string; inputKey: string };

/** Remember this form's keys under `language`; a finding when another language's keys differ. */
export function checkLocalizedKeys(place: FormPlace, language: string, requestedSchema: unknown): RaisedFinding | undefined {
  const keys = propertyKeys(requestedSchema);
  if (keys === undefined) return undefined;
  const formKey = JSON.stringify([targetKey(place.target), place.tool, place.inputKey]);
  const seen = keysByForm.get(formKey) ?? new Map<string, string>();
  keysByForm.delete(formKey);
  keysByForm.set(formKey, seen);
  if (keysByForm.size > MAX_FORMS) keysByForm.delete(keysByForm.keys().next().value!);
  const signature = JSON.stringify(keys);
  seen.set(language, signature);
  for (const [other, otherSignature] of seen) {
    if (other === language || otherSignature === signature) continue;
    return findingOf(
      'localized-keys-changed',
      `Tool \`${place.tool}\` asked ${place.inputKey ? `input "${place.inputKey}" ` : ''}with properties ${keys.join(', ') || '(none)'} ${named(language)}, ` +
        `but ${(JSON.parse(otherSignature) as string[]).join(', ') || '(none)'} ${named(other)}; SEP-2792 translates messages, titles and descriptions, never property keys.`,
    );
  }
  return undefined;
}

function named(language: string): string {
  return language ? `in language ${language}` : 'with no language';
}

function propertyKeys(schema: unknown): string[] | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const properties: unknown = Reflect.get(schema, 'properties');
  if (typeof properties !== 'object' || properties === null) return undefined;
  return Object.keys(properties).sort();
}
