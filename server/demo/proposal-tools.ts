/**
 * The demo server's tools for the protocol proposals the inspector speaks behind
 * its Proposals settings (docs/proposals.md): one per proposal.
 */
import { randomUUID } from 'node:crypto';
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  ACCEPT_LANGUAGE_META_KEY,
  AUTHORIZATION_CONTEXT_ID_META_KEY,
  AUTHORIZATION_META_KEY,
  CONTENT_LANGUAGE_META_KEY,
  fileInputOf,
  fileValueProblems,
  readDataUri,
} from '../wire/proposals';
import type { ConsentSite } from './consent-site';
import { elicit, formAnswer, text } from './helpers';

/** SEP-2356: a profile photo picked from disk, sent as a data: URI of at most 64 KiB. */
export const PHOTO_SCHEMA = {
  type: 'object',
  properties: {
    photo: {
      type: 'string',
      format: 'uri',
      title: 'Profile photo',
      description: 'A PNG or JPEG of at most 64 KiB',
      'x-mcp-file': { accept: ['image/png', 'image/jpeg'], maxSize: 65_536 },
    },
  },
  required: ['photo'],
} as const;

type Era = 'legacy' | 'modern';

/** SEP-2792: the sign-up form in each language the demo speaks. The keys (`fullName`, `newsletter`) are the same in all of them. */
const SIGNUP_TEXT = {
  en: {
    message: 'Please sign up for the newsletter.',
    name: ['Full name', 'As it should appear on the letter'],
    news: ['Newsletter', 'Send me the monthly newsletter'],
  },
  fr: {
    message: 'Veuillez vous inscrire à la lettre d’information.',
    name: ['Nom complet', 'Tel qu’il doit figurer sur la lettre'],
    news: ['Lettre d’information', 'M’envoyer la lettre mensuelle'],
  },
  de: {
    message: 'Bitte melden Sie sich für den Newsletter an.',
    name: ['Vollständiger Name', 'So, wie er im Brief stehen soll'],
    news: ['Newsletter', 'Den monatlichen Newsletter schicken'],
  },
} as const;
type SignupLanguage = keyof typeof SIGNUP_TEXT;

/** The sign-up form in one language: localized message, titles and descriptions; stable keys. */
export function signupForm(language: SignupLanguage) {
  const words = SIGNUP_TEXT[language];
  return {
    message: words.message,
    requestedSchema: {
      type: 'object',
      properties: {
        fullName: { type: 'string', title: words.name[0], description: words.name[1] },
        newsletter: { type: 'boolean', title: words.news[0], description: words.news[1], default: true },
      },
      required: ['fullName'],
    },
  } as const;
}

/**
 * RFC 4647 lookup of an `Accept-Language` value among the languages the demo
 * speaks: ranges by weight, each shortened subtag by subtag (`de-CH` finds
 * `de`); `*` or no match is the server's default, English, without an error.
 */
export function pickSignupLanguage(acceptLanguage: unknown): SignupLanguage {
  if (typeof acceptLanguage !== 'string') return 'en';
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .map((p) => p.trim())
          .find((p) => p.startsWith('q='))
          ?.slice(2) ?? 1,
      );
      return { range: range.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.range && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    for (let tag = range; tag; tag = tag.includes('-') ? tag.slice(0, tag.lastIndexOf('-')) : '') {
      if (tag in SIGNUP_TEXT) return tag as SignupLanguage;
    }
  }
  return 'en';
}

export function registerProposalTools(server: McpServer, era: Era, site: ConsentSite): void {
  server.registerTool(
    'write_log',
    {
      title: 'Write a log message (deprecated logging)',
      description: 'Sends one notifications/message while it runs; logging is deprecated from 2026-07-28 (SEP-2577).',
      inputSchema: z.object({ message: z.string().default('Indexing 3 files').describe('What to log') }),
    },
    async ({ message }, ctx) => {
      await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', logger: 'demo', data: message } });
      return { content: [text(`write_log: logged "${message}"`)] };
    },
  );

  server.registerTool(
    'upload_photo',
    {
      title: 'Upload a photo (file input)',
      description: 'Asks for a file: a string/uri field with x-mcp-file (SEP-2356), answered with a data: URI; the server checks accept and maxSize itself.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'photo');
      if (view.kind === 'missing') return inputRequired({ inputRequests: { photo: elicit('Please select a profile photo.', PHOTO_SCHEMA) } });
      if (view.kind !== 'elicit' || view.action !== 'accept') return { content: [text(`upload_photo: ${view.kind === 'elicit' ? view.action : view.kind}`)] };
      // A server validates a file input whatever the client checked (the proposal's "Server-side validation").
      const value = view.content?.photo;
      const problems = fileValueProblems(fileInputOf(PHOTO_SCHEMA.properties.photo)!, value);
      if (problems.length) return { content: [text(`upload_photo: rejected, the photo ${problems.join('; ')}`)], isError: true };
      const read = readDataUri(value as string);
      return { content: [text(`upload_photo: got ${'mediaType' in read ? `${read.mediaType}, ${read.size} bytes` : 'nothing'}`)] };
    },
  );

  server.registerTool(
    'localized_signup',
    {
      title: 'Sign up in your language (SEP-2792)',
      description:
        'Asks for a name and a newsletter choice in the language the request names (acceptLanguage: en, fr or de; else English), with the same keys in every language.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const language = pickSignupLanguage(ctx.mcpReq._meta?.[ACCEPT_LANGUAGE_META_KEY]);
      const form = signupForm(language);
      const said = (answer: string) => ({
        content: [text(`localized_signup (${language}): ${answer}`)],
        _meta: { [CONTENT_LANGUAGE_META_KEY]: language },
      });
      if (era === 'legacy') {
        const result = await ctx.mcpReq.elicitInput({ mode: 'form', ...form } as never, { timeout: 10 * 60_000, signal: ctx.mcpReq.signal });
        return said(result.action === 'accept' ? `signed up ${JSON.stringify(result.content)}` : result.action);
      }
      const answer = formAnswer(ctx, 'signup', form.requestedSchema);
      if (answer.state === 'missing') return inputRequired({ inputRequests: { signup: elicit(form.message, form.requestedSchema) } });
      return said(answer.state === 'accepted' ? `signed up ${JSON.stringify(answer.content)}` : answer.state);
    },
  );

  server.registerTool(
    'open_workspace',
    {
      title: 'Open a workspace (final authorization denial)',
      description:
        'Refuses on authorization grounds with an isError result whose _meta carries a denial envelope and no hint (SEP-2643): no remedy exists (unavailable), or the server will not say (undisclosed).',
      inputSchema: z.object({
        remediation: z.enum(['unavailable', 'undisclosed']).default('unavailable').describe('What the denial says of a remedy'),
      }),
    },
    async ({ remediation }) => ({
      content: [text(`open_workspace: you do not have access to workspace ws_marketing${remediation === 'undisclosed' ? ' (ask its owner)' : ''}.`)],
      isError: true,
      _meta: {
        [AUTHORIZATION_META_KEY]: { reason: 'insufficient_authorization', remediation, authorizationContextId: `authzctx_${randomUUID().slice(0, 8)}` },
      },
    }),
  );

  server.registerTool(
    'approve_folder_access',
    {
      title: 'Approve folder access (authorization denial, 2026-07-28)',
      description:
        'Denies the call until you approve on a page: an input_required URL elicitation carrying an authorization denial with remediation hints (SEP-2643).',
      inputSchema: z.object({ folderId: z.string().default('fld_12345').describe('The folder to list') }),
    },
    async ({ folderId }, ctx) => {
      if (era === 'legacy') {
        return { content: [text('approve_folder_access needs a 2026-07-28 connection: the denial rides on an input_required result.')], isError: true };
      }
      const view = inputResponse(ctx.mcpReq.inputResponses, 'folder_approval');
      if (view.kind === 'missing') {
        const contextId = `authzctx_${randomUUID().slice(0, 8)}`;
        const url = await site.url(randomUUID(), `approve access to folder ${folderId}`);
        return {
          ...inputRequired({
            inputRequests: { folder_approval: inputRequired.elicitUrl({ message: `Open this page to approve access to folder ${folderId}.`, url }) },
            requestState: contextId,
          }),
          _meta: {
            [AUTHORIZATION_META_KEY]: {
              reason: 'insufficient_authorization',
              remediation: 'available',
              authorizationContextId: contextId,
              remediationHints: [{ type: 'url' }],
            },
          },
        };
      }
      const expected = ctx.mcpReq.requestState<string>();
      const echoed = ctx.mcpReq._meta?.[AUTHORIZATION_CONTEXT_ID_META_KEY];
      const answer = view.kind === 'elicit' ? view.action : view.kind;
      const echo = echoed === undefined ? 'no authorizationContextId echoed' : echoed === expected ? `echoed ${expected}` : 'echoed a different id';
      return { content: [text(`approve_folder_access: ${answer}; ${echo}`)], isError: answer !== 'accept' };
    },
  );
}
