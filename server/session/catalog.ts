import { specTypeSchemas, type Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import {
  MAX_CATALOG_ITEMS,
  MAX_CATALOG_TEXT,
  type CatalogKind,
  type CatalogPage,
  type PromptInfo,
  type ResourceInfo,
  type ResourceTemplateInfo,
} from '../wire/catalog';

type Raw = Record<string, unknown>;

/**
 * prompts/list checked against the spec but kept as sent: the SDK's PromptArgumentSchema
 * strips an argument's `title` (the spec's BaseMetadata has it), and the title is what
 * labels the argument's field.
 */
const ListPromptsAsSent = z
  .looseObject({ prompts: z.array(z.record(z.string(), z.unknown())), nextCursor: z.string().optional() })
  .superRefine((value, ctx) => {
    const issues = specTypeSchemas.ListPromptsResult['~standard'].validate(value).issues;
    for (const issue of issues?.slice(0, 5) ?? []) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path?.map(pathKey) });
  });

function pathKey(part: PropertyKey | { key: PropertyKey }): string | number {
  const key = typeof part === 'object' ? part.key : part;
  return typeof key === 'number' ? key : String(key);
}

/**
 * One page of a server's prompts, resources or resource templates, cut down to what
 * the page shows: the fields it renders, each text bounded, at most MAX_CATALOG_ITEMS
 * items (the rest counted). The answer has been checked against the spec already;
 * this only keeps a big or chatty one (`_meta`, icons, huge descriptions) off the socket.
 */
export async function listCatalogPage(client: Client, kind: CatalogKind, cursor: string | undefined): Promise<CatalogPage> {
  // One request per page, by hand: the SDK's listPrompts() and friends walk every page when given no
  // cursor (and answer from their cache), which would hide the server's own paging from the person.
  const params = cursor === undefined ? {} : { cursor };
  switch (kind) {
    case 'prompts': {
      const page = await client.request({ method: 'prompts/list', params }, ListPromptsAsSent);
      return { prompts: bounded(page.prompts, toPrompt), ...rest(page.prompts.length, page.nextCursor) };
    }
    case 'resources': {
      const page = await client.request({ method: 'resources/list', params }, specTypeSchemas.ListResourcesResult);
      return { resources: bounded(page.resources, toResource), ...rest(page.resources.length, page.nextCursor) };
    }
    case 'resource-templates': {
      const page = await client.request({ method: 'resources/templates/list', params }, specTypeSchemas.ListResourceTemplatesResult);
      return { resourceTemplates: bounded(page.resourceTemplates, toTemplate), ...rest(page.resourceTemplates.length, page.nextCursor) };
    }
  }
}

function bounded<T>(items: readonly Raw[], pick: (item: Raw) => T): T[] {
  return items.slice(0, MAX_CATALOG_ITEMS).map(pick);
}

function rest(count: number, nextCursor: string | undefined): Pick<CatalogPage, 'nextCursor' | 'dropped'> {
  return {
    ...(nextCursor !== undefined && { nextCursor: clip(nextCursor) }),
    ...(count > MAX_CATALOG_ITEMS && { dropped: count - MAX_CATALOG_ITEMS }),
  };
}

function clip(text: string): string {
  return text.length > MAX_CATALOG_TEXT ? text.slice(0, MAX_CATALOG_TEXT) : text;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? clip(value) : undefined;
}

function described(item: Raw): { name: string; title?: string; description?: string } {
  const title = optionalText(item.title);
  const description = optionalText(item.description);
  return { name: optionalText(item.name) ?? '', ...(title !== undefined && { title }), ...(description !== undefined && { description }) };
}

function toPrompt(item: Raw): PromptInfo {
  const args = Array.isArray(item.arguments) ? (item.arguments as unknown[]) : undefined;
  return {
    ...described(item),
    ...(args && {
      arguments: args
        .slice(0, MAX_CATALOG_ITEMS)
        .filter((arg): arg is Raw => typeof arg === 'object' && arg !== null)
        .map((arg) => ({ ...described(arg), ...(arg.required === true && { required: true }) })),
    }),
  };
}

function toResource(item: Raw): ResourceInfo {
  const mimeType = optionalText(item.mimeType);
  return {
    ...described(item),
    uri: optionalText(item.uri) ?? '',
    ...(mimeType !== undefined && { mimeType }),
    ...(typeof item.size === 'number' && { size: item.size }),
  };
}

function toTemplate(item: Raw): ResourceTemplateInfo {
  const mimeType = optionalText(item.mimeType);
  return { ...described(item), uriTemplate: optionalText(item.uriTemplate) ?? '', ...(mimeType !== undefined && { mimeType }) };
}
