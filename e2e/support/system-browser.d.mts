/** The system browsers the tests look for, in order. */
export const SYSTEM_BROWSERS: readonly string[];
/** CHROMIUM_PATH when set, else the first system browser there is; undefined: Playwright's own. */
export function systemBrowser(env?: NodeJS.ProcessEnv): string | undefined;
