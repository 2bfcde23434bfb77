import pkg from '../package.json' with { type: 'json' };

/** The inspector's version: package.json is the one place it is written. */
export const VERSION: string = pkg.version;
