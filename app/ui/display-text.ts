/**
 * Text for a value a server sent where text belongs: a string as it is, anything
 * else as JSON, so a broken server's `message: {}` reads `{}`, not "[object Object]".
 */
export function displayText(value: unknown, fallback = ''): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? fallback;
  } catch {
    // A value JSON cannot write (a cycle cannot arrive over the wire; a BigInt cannot either): say what it is.
    return `[${typeof value}]`;
  }
}
