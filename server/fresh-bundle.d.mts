export function freshBundle(root: string, name: string): string | undefined;
