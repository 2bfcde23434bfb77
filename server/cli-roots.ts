import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from './wire/target';
import { rootUriProblem } from './wire/target-checks';

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
  // The rule RootSchema checks, without loading zod before the inspector listens.
  const problem = rootUriProblem(uri);
  if (problem) return { error: `--roots takes a file:// URI or a folder path, not "${text}" (${problem}).` };
  if (hasScheme && !URL.canParse(uri)) return { error: `--roots "${text}" is not a URI that can be read.` };
  return { uri };
}
