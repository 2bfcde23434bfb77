/**
 * The formats a recorded session is exported to for other tools, by name: what
 * entries each reads from the file, and the text it writes. Shared by the command
 * line (export-cli.ts) and the page's Export menu (the proxy's export-as route): HAR 1.2 and OTLP/JSON.
 */
import { readSessionFile, type ReadOptions } from '../store/read-session';
import { VERSION } from '../version';
import type { LogEvent } from '../wire/events';
import { isHarEntry, sessionToHar } from './har';
import { otlpJson } from './otlp-export';
import { isCallEntry } from './call-digest';

const CREATOR = { name: 'elicitation-inspector', version: VERSION };

export const EXPORT_FORMATS = {
  har: {
    keep: isHarEntry,
    write: (events: LogEvent[]) => `${JSON.stringify(sessionToHar(events, CREATOR), null, 2)}\n`,
    extension: 'har',
    contentType: 'application/json; charset=utf-8',
  },
  otlp: { keep: isCallEntry, write: otlpJson, extension: 'otlp.json', contentType: 'application/json; charset=utf-8' },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

export function isExportFormat(name: string): name is ExportFormat {
  return Object.hasOwn(EXPORT_FORMATS, name);
}

/** Reads a session file and writes it in the format; throws SessionFileError for a damaged file. */
export async function exportSessionFile(path: string, format: ExportFormat, options: ReadOptions = {}): Promise<string> {
  const { keep, write } = EXPORT_FORMATS[format];
  return write((await readSessionFile(path, keep, options)).events);
}
