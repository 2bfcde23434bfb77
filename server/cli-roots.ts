import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RootSchema, type Root } from './wire/target';

/**
 * One `--roots` value: a `file://` URI as it is, or a folder path (relative ones from
 * the working directory) as the file URI that names it. Anything else is refused
 * with the value and why, since the spec allows only file:// roots.
 */
export function rootFromArg(value: string): Root | { error: string } {
  const text = value.trim();
  if (!text) return { error: '--roots needs a file:// URI or a folder path, and one of them is empty.' };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[a-z]:[\\/]/i.test(text);
  const uri = hasScheme ? text : pathToFileURL(resolve(text)).href;
  const parsed = RootSchema.safeParse({ uri });
  if (!parsed.success) return { error: `--roots takes a file:// URI or a folder path, not "${text}" (${parsed.error.issues[0]?.message ?? 'not a root'}).` };
  if (hasScheme && !URL.canParse(uri)) return { error: `--roots "${text}" is not a URI that can be read.` };
  return parsed.data;
}
