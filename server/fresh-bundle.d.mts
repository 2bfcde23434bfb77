export function freshBundle(root: string, name: string): string | undefined;
export function hasSources(root: string): boolean;
