/**
 * A Markdown page's headings as GitHub anchors them, for the tests that hold links and docs
 * to what they point at (docs-links.test.ts, server/wire/finding-codes.test.ts).
 */

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** One heading and the text under it, up to the next heading of any level. */
export type MarkdownSection = { level: number; heading: string; anchor: string; body: string };

/** The page's sections in order; headings inside fenced code are not headings. */
export function markdownSections(text: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6}) (.+)$/.exec(line);
    if (heading) sections.push({ level: heading[1].length, heading: heading[2], anchor: slug(heading[2]), body: '' });
    else if (sections.length) sections[sections.length - 1].body += `${line}\n`;
  }
  return sections;
}
