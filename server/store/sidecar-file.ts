/**
 * A file kept beside a session file that saves work done on it (its index by seq,
 * its links), so opening the session again does not redo that work.
 *
 * A sidecar is a cache, never a source of truth: it says which bytes of which file
 * it describes (size, modification time, a checksum of the file's first bytes and
 * of the bytes just before where it stopped), and one that is torn, damaged, of
 * another format version or about another file reads as absent, so the work is
 * redone. It is written to a temporary name and renamed, so a crash mid-write
 * leaves the old sidecar or none. Deleting one is always safe.
 *
 * Layout: 8-byte magic, format version (u32), CRC-32 of everything after byte 16
 * (u32), JSON length (u32), CRC-32 of the JSON length and the JSON (u32), the JSON
 * (meta and section lengths), then each section padded to 8 bytes, all
 * little-endian. The second checksum lets a reader trust the head without reading
 * the sections (readSidecarHead): one whose sections are read a slice at a time
 * checks what it reads against the session file itself.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

const PREFIX_BYTES = 24;
/** How much of the session file's start and of the bytes before `coveredBytes` is checksummed. */
const STAMP_HEAD_BYTES = 4096;
const STAMP_TAIL_BYTES = 512;
/** Checksummed between two turns of the event loop by readSidecarSliced: a few milliseconds of work. */
const CRC_SLICE_BYTES = 4 << 20;

/** What a sidecar knows of the session file it was made from. */
export type SourceStamp = { size: number; mtimeMs: number; coveredBytes: number; headCrc: number; tailCrc: number };
export type Sidecar = { meta: Record<string, unknown>; source: SourceStamp; sections: Buffer[] };

/** How the session file stands against a stamp: untouched, grown past what was covered, or not the file it described. */
export type SourceState = 'same' | 'grown' | 'foreign';

/** The sidecars a session file may have (the index by seq, the links): deleted with it. */
export function sidecarPaths(sourcePath: string): string[] {
  return [`${sourcePath}.idx`, `${sourcePath}.links`];
}

export function stampOf(sourcePath: string, coveredBytes: number): SourceStamp {
  const fd = openSync(sourcePath, 'r');
  try {
    const { size, mtimeMs } = fstatSync(fd);
    return { size, mtimeMs, coveredBytes, ...crcs(fd, coveredBytes) };
  } finally {
    closeSync(fd);
  }
}

export function sourceState(sourcePath: string, stamp: SourceStamp): SourceState {
  let fd: number;
  try {
    fd = openSync(sourcePath, 'r');
  } catch {
    return 'foreign'; // the session file is gone: nothing the sidecar says can be used
  }
  try {
    const { size, mtimeMs } = fstatSync(fd);
    if (size < stamp.coveredBytes) return 'foreign';
    const now = crcs(fd, stamp.coveredBytes);
    if (now.headCrc !== stamp.headCrc || now.tailCrc !== stamp.tailCrc) return 'foreign';
    return size === stamp.size && mtimeMs === stamp.mtimeMs ? 'same' : 'grown';
  } finally {
    closeSync(fd);
  }
}

export function writeSidecar(path: string, magic: string, version: number, sidecar: Sidecar): void {
  const json = Buffer.from(JSON.stringify({ meta: sidecar.meta, source: sidecar.source, sections: sidecar.sections.map((s) => s.length) }));
  const parts = [json, ...sidecar.sections];
  const body = Buffer.alloc(parts.reduce((sum, part) => sum + padded(part.length), 0));
  let at = 0;
  for (const part of parts) {
    part.copy(body, at);
    at += padded(part.length);
  }
  const prefix = Buffer.alloc(PREFIX_BYTES);
  prefix.write(magic.padEnd(8).slice(0, 8), 0, 'latin1');
  prefix.writeUInt32LE(version, 8);
  prefix.writeUInt32LE(json.length, 16);
  prefix.writeUInt32LE(crc32(json, crc32(prefix.subarray(16, 20))), 20);
  prefix.writeUInt32LE(crc32(body, crc32(prefix.subarray(16))), 12);
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, Buffer.concat([prefix, body]), { mode: 0o600 });
    renameSync(temp, path);
  } finally {
    rmSync(temp, { force: true });
  }
}

/** The sidecar at `path`, or undefined when there is none or it cannot be trusted (torn, damaged, other version). */
export function readSidecar(path: string, magic: string, version: number): Sidecar | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined; // none yet, or unreadable: the work is redone, which is what a missing sidecar means
  }
  if (!hasPrefix(bytes, magic, version)) return undefined;
  if (crc32(bytes.subarray(PREFIX_BYTES), crc32(bytes.subarray(16, PREFIX_BYTES))) !== bytes.readUInt32LE(12)) return undefined;
  return unpack(bytes);
}

/**
 * readSidecar without holding the proxy: the file is read off the main thread and checksummed
 * a slice at a time, each slice followed by a turn of the event loop (`pause`), so a sidecar of
 * tens of megabytes (a million entries' links) never delays a row another page asked for.
 */
export async function readSidecarSliced(path: string, magic: string, version: number, pause: () => Promise<void>): Promise<Sidecar | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return undefined; // as in readSidecar: none yet, or unreadable
  }
  if (!hasPrefix(bytes, magic, version)) return undefined;
  let crc = crc32(bytes.subarray(16, PREFIX_BYTES));
  for (let at = PREFIX_BYTES; at < bytes.length; at += CRC_SLICE_BYTES) {
    crc = crc32(bytes.subarray(at, Math.min(bytes.length, at + CRC_SLICE_BYTES)), crc);
    await pause();
  }
  if (crc !== bytes.readUInt32LE(12)) return undefined;
  return unpack(bytes);
}

/** Where a section lies in its sidecar file. */
export type SectionPlace = { at: number; length: number };
/** A sidecar's head, trusted by its own checksum; its sections are read where they lie, when needed (readSection). */
export type SidecarHead = { meta: Record<string, unknown>; source: SourceStamp; sections: SectionPlace[]; fileId: FileId };
/** Which file a head was read from: a sidecar replaced since (renamed over) has another. */
export type FileId = { ino: number; size: number; mtimeMs: number };

/**
 * The head of the sidecar at `path` (its meta and where its sections lie), reading only the head:
 * a sidecar of any size is opened in the same time. Undefined when there is none, or its head is
 * torn, damaged, of another version, or places sections outside the file.
 */
export function readSidecarHead(path: string, magic: string, version: number): SidecarHead | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined; // none yet, or unreadable: the work is redone
  }
  try {
    const { ino, size, mtimeMs } = fstatSync(fd);
    const prefix = Buffer.alloc(PREFIX_BYTES);
    if (readSync(fd, prefix, 0, PREFIX_BYTES, 0) !== PREFIX_BYTES || !hasPrefix(prefix, magic, version)) return undefined;
    const jsonLength = prefix.readUInt32LE(16);
    if (PREFIX_BYTES + jsonLength > size) return undefined;
    const json = Buffer.alloc(jsonLength);
    if (readSync(fd, json, 0, jsonLength, PREFIX_BYTES) !== jsonLength) return undefined;
    if (crc32(json, crc32(prefix.subarray(16, 20))) !== prefix.readUInt32LE(20)) return undefined;
    const head = parseHead(json.toString('utf8'));
    if (!head) return undefined;
    const sections: SectionPlace[] = [];
    let at = PREFIX_BYTES + padded(jsonLength);
    for (const length of head.sections) {
      sections.push({ at, length });
      at += padded(length);
    }
    if (at !== size) return undefined;
    return { meta: head.meta, source: head.source, sections, fileId: { ino, size, mtimeMs } };
  } finally {
    closeSync(fd);
  }
}

/**
 * `length` bytes from `offset` into a section, read from the sidecar the head was read from; undefined
 * when that file is gone or was replaced since (saved again, by this process or another), or cut short.
 */
export function readSection(path: string, fileId: FileId, section: SectionPlace, offset: number, length: number): Buffer | undefined {
  if (offset < 0 || length < 0 || offset + length > section.length) return undefined;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined; // deleted since: the caller works without it
  }
  try {
    const { ino, size, mtimeMs } = fstatSync(fd);
    if (ino !== fileId.ino || size !== fileId.size || mtimeMs !== fileId.mtimeMs) return undefined;
    const out = Buffer.alloc(length);
    return readSync(fd, out, 0, length, section.at + offset) === length ? out : undefined;
  } finally {
    closeSync(fd);
  }
}

function hasPrefix(bytes: Buffer, magic: string, version: number): boolean {
  return bytes.length >= PREFIX_BYTES && bytes.toString('latin1', 0, 8) === magic.padEnd(8).slice(0, 8) && bytes.readUInt32LE(8) === version;
}

/** The meta and sections of a sidecar whose prefix and checksum were found right. */
function unpack(bytes: Buffer): Sidecar | undefined {
  const jsonLength = bytes.readUInt32LE(16);
  if (PREFIX_BYTES + jsonLength > bytes.length) return undefined;
  const head = parseHead(bytes.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + jsonLength));
  if (!head) return undefined;
  const sections: Buffer[] = [];
  let at = PREFIX_BYTES + padded(jsonLength);
  for (const length of head.sections) {
    if (at + length > bytes.length) return undefined;
    sections.push(bytes.subarray(at, at + length));
    at += padded(length);
  }
  if (at !== bytes.length) return undefined;
  return { meta: head.meta, source: head.source, sections };
}

/** A typed array over a section, copied so its alignment is right whatever the section's offset. */
export function float64s(section: Buffer): Float64Array {
  const out = new Float64Array(Math.floor(section.length / 8));
  new Uint8Array(out.buffer).set(section.subarray(0, out.length * 8));
  return out;
}

export function int32s(section: Buffer): Int32Array {
  const out = new Int32Array(Math.floor(section.length / 4));
  new Uint8Array(out.buffer).set(section.subarray(0, out.length * 4));
  return out;
}

export function bytesOf(array: Float64Array | Int32Array | Uint8Array, count = array.length): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, count * array.BYTES_PER_ELEMENT);
}

function crcs(fd: number, coveredBytes: number): { headCrc: number; tailCrc: number } {
  const head = Buffer.alloc(Math.min(STAMP_HEAD_BYTES, coveredBytes));
  readSync(fd, head, 0, head.length, 0);
  const tailStart = Math.max(0, coveredBytes - STAMP_TAIL_BYTES);
  const tail = Buffer.alloc(coveredBytes - tailStart);
  readSync(fd, tail, 0, tail.length, tailStart);
  return { headCrc: crc32(head), tailCrc: crc32(tail) };
}

function parseHead(json: string): { meta: Record<string, unknown>; source: SourceStamp; sections: number[] } | undefined {
  let head: unknown;
  try {
    head = JSON.parse(json);
  } catch {
    return undefined; // a checksum collision on a damaged file: as good as absent
  }
  return isHead(head) ? head : undefined;
}

function padded(length: number): number {
  return Math.ceil(length / 8) * 8;
}

function isHead(raw: unknown): raw is { meta: Record<string, unknown>; source: SourceStamp; sections: number[] } {
  if (typeof raw !== 'object' || raw === null) return false;
  if (!('meta' in raw) || typeof raw.meta !== 'object' || raw.meta === null) return false;
  if (!('sections' in raw) || !Array.isArray(raw.sections) || !raw.sections.every((n) => Number.isSafeInteger(n) && n >= 0)) return false;
  if (!('source' in raw) || typeof raw.source !== 'object' || raw.source === null) return false;
  const source = raw.source as Record<string, unknown>;
  return ['size', 'mtimeMs', 'coveredBytes', 'headCrc', 'tailCrc'].every((key) => typeof source[key] === 'number');
}
