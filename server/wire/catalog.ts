/**
 * Prompts and resources: what the page lists beside the tools, and how it asks for
 * one. Listing is a plain request answered in the reply (one page per `cursor`);
 * getting a prompt or reading a resource is a call like `call-tool`, run by the same
 * call runner, so its 2026-07-28 rounds, forms, URL flows and story are the tools'.
 */
import { z } from 'zod';

/** At most this many items of one list page reach the page; the rest are counted in `dropped`. */
export const MAX_CATALOG_ITEMS = 1000;
/** Names, titles, URIs and descriptions are cut to this many characters: a server's text is data, and bounded. */
export const MAX_CATALOG_TEXT = 4000;

const SessionRef = { sessionId: z.string().min(1) };
const Cursor = { cursor: z.string().max(MAX_CATALOG_TEXT).optional() };

export const CATALOG_KINDS = ['prompts', 'resources', 'resource-templates'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/** The catalog commands, for the ClientCommand union in commands.ts. */
export const CATALOG_COMMANDS = [
  /** One page of prompts/list, resources/list or resources/templates/list (`cursor` from the page before). */
  z.object({ type: z.literal('list-catalog'), id: z.number(), params: z.object({ ...SessionRef, kind: z.enum(CATALOG_KINDS), ...Cursor }) }),
  /** prompts/get with its arguments (the spec makes them strings), as a call. */
  z.object({
    type: z.literal('get-prompt'),
    id: z.number(),
    params: z.object({ ...SessionRef, name: z.string().min(1), arguments: z.record(z.string(), z.string()).default({}) }),
  }),
  /** resources/read of one URI (a listed resource, or a template filled in by the page), as a call. */
  z.object({ type: z.literal('read-resource'), id: z.number(), params: z.object({ ...SessionRef, uri: z.string().min(1) }) }),
] as const;

const Text = z.string().max(MAX_CATALOG_TEXT);
const Described = { name: Text, title: Text.optional(), description: Text.optional() };

export const PromptArgumentSchema = z.object({ ...Described, required: z.boolean().optional() });
export const PromptInfoSchema = z.object({ ...Described, arguments: z.array(PromptArgumentSchema).max(MAX_CATALOG_ITEMS).optional() });
export const ResourceInfoSchema = z.object({ ...Described, uri: Text, mimeType: Text.optional(), size: z.number().optional() });
export const ResourceTemplateInfoSchema = z.object({ ...Described, uriTemplate: Text, mimeType: Text.optional() });

export type PromptInfo = z.infer<typeof PromptInfoSchema>;
export type ResourceInfo = z.infer<typeof ResourceInfoSchema>;
export type ResourceTemplateInfo = z.infer<typeof ResourceTemplateInfoSchema>;

/** One list page: its items (each list in its own field), the cursor of the next page, and how many items were left out. */
export const CatalogPageSchema = z.object({
  prompts: z.array(PromptInfoSchema).max(MAX_CATALOG_ITEMS).optional(),
  resources: z.array(ResourceInfoSchema).max(MAX_CATALOG_ITEMS).optional(),
  resourceTemplates: z.array(ResourceTemplateInfoSchema).max(MAX_CATALOG_ITEMS).optional(),
  nextCursor: Text.optional(),
  dropped: z.number().int().min(0).optional(),
});
export type CatalogPage = z.infer<typeof CatalogPageSchema>;

export type CatalogResults = {
  'list-catalog': CatalogPage;
  'get-prompt': { callId: string };
  'read-resource': { callId: string };
};

/** The notification that says each list changed (the page lists again when it arrives). */
export const LIST_CHANGED_METHODS: Record<CatalogKind, string> = {
  prompts: 'notifications/prompts/list_changed',
  resources: 'notifications/resources/list_changed',
  'resource-templates': 'notifications/resources/list_changed',
};
