/**
 * The page reads a resource by the name it is listed under (a template: by its
 * name, with its variables filled in), while the log records a read by its URI.
 * This finds, from the session's own resources/list and resources/templates/list
 * answers, how a person would pick the resource a URI names.
 */
import type { LogEvent } from '../wire/events';

/** How to read a URI in the page: a listed resource, or a template and its variables. */
export type ResourcePick = { name: string; variables?: Record<string, string> };

type Listed = { resources: Map<string, string>; templates: { name: string; uriTemplate: string }[] };

/** Whether an entry is a server's answer listing resources or resource templates. */
export function isResourceListing(event: LogEvent): boolean {
  if (event.kind !== 'rpc-in') return false;
  const result = event.message.result;
  return isRecord(result) && (Array.isArray(result.resources) || Array.isArray(result.resourceTemplates));
}

/** The resources and templates the server listed during the session (the last name given for a URI wins). */
export function listedResources(events: readonly LogEvent[]): Listed {
  const listed: Listed = { resources: new Map(), templates: [] };
  for (const event of events) {
    if (event.kind !== 'rpc-in' || !isResourceListing(event)) continue;
    const result = event.message.result;
    if (!isRecord(result)) continue;
    if ('resources' in result && Array.isArray(result.resources)) {
      for (const item of result.resources as unknown[])
        if (isRecord(item) && typeof item.uri === 'string' && typeof item.name === 'string') listed.resources.set(item.uri, item.name);
    }
    if ('resourceTemplates' in result && Array.isArray(result.resourceTemplates)) {
      for (const item of result.resourceTemplates as unknown[])
        if (isRecord(item) && typeof item.uriTemplate === 'string' && typeof item.name === 'string')
          listed.templates.push({ name: item.name, uriTemplate: item.uriTemplate });
    }
  }
  return listed;
}

/** How the page would read `uri`; undefined when no listed resource or simple template names it. */
export function pickResource(uri: string, listed: Listed): ResourcePick | undefined {
  const name = listed.resources.get(uri);
  if (name !== undefined) return { name };
  for (const template of listed.templates) {
    const variables = matchSimpleTemplate(template.uriTemplate, uri);
    if (variables) return { name: template.name, variables };
  }
  return undefined;
}

/**
 * The variables of an RFC 6570 level-1 template (`{var}` only) that expand to `uri`.
 * Templates with operators (`{+var}`, `{?a,b}`, …) are not reversed: undefined.
 */
export function matchSimpleTemplate(uriTemplate: string, uri: string): Record<string, string> | undefined {
  const parts = uriTemplate.split(/\{([^}]*)\}/);
  const names: string[] = [];
  let pattern = '';
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 0) pattern += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (/^[A-Za-z0-9_]+$/.test(part)) {
      names.push(part);
      pattern += '([^/?#]*)';
    } else return undefined;
  }
  const match = new RegExp(`^${pattern}$`).exec(uri);
  if (!match) return undefined;
  const variables: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    try {
      variables[name] = decodeURIComponent(match[i + 1]);
    } catch {
      return undefined; // a malformed escape: this template did not make the URI
    }
  }
  return variables;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
