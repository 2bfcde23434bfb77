/** The line under a tool's or prompt's name: its title when that says more than the name, else its description. */
export function describeEntry(entry: { name: string; title?: string; description?: string }): string | undefined {
  return entry.title && entry.title !== entry.name ? entry.title : entry.description;
}
