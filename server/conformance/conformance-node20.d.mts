export const NODE20_HOOK: string;
export const NODE20_IMPORT: string;
