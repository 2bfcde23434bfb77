/**
 * Where a screen reader would run two words together: two pieces of text in
 * separate elements, side by side on one line, with no space or punctuation
 * between them (`<span>200</span><span>29 ms</span>` in a row with a gap is seen
 * as "200  29 ms" and read as "20029 ms"). A control or a heading is read on its
 * own (a control by its aria-label when it has one); aria-hidden is not read;
 * pieces on separate lines are read apart.
 */
import type { Locator } from '@playwright/test';

/** Each junction inside `root` where two words touch, as "left|right" with a few characters of each side. */
export async function gluedJunctions(root: Locator): Promise<string[]> {
  return root.evaluateAll((roots) => {
    type Piece = { text: string; node: Node };
    // A control, a heading, a list item or a term and its definition is announced on its own: text either side is never run into it.
    const APART =
      'button, a[href], input, select, textarea, h1, h2, h3, h4, h5, h6, dt, dd, th, td, li, [role="button"], [role="link"], [role="tab"], [role="option"], [role="checkbox"], [role="radio"], [role="heading"]';
    const BREAK: Piece = { text: '', node: document.body };
    const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
    const pieces: Piece[] = [];
    const walk = (node: Node, root: Element) => {
      if (node.nodeType === Node.TEXT_NODE) {
        pieces.push({ text: node.textContent ?? '', node });
        return;
      }
      if (!(node instanceof Element)) return;
      if (node.getAttribute('aria-hidden') === 'true' || !node.checkVisibility()) return;
      const isApart = node !== root && node.matches(APART);
      if (isApart) pieces.push(BREAK);
      // A control's aria-label is its name, read instead of its content; elsewhere a screen reader reads the content.
      const label = node.getAttribute('aria-label');
      if (isApart && label !== null) pieces.push({ text: label, node });
      else node.childNodes.forEach((child) => walk(child, root));
      if (isApart) pieces.push(BREAK);
    };
    const rectOf = (node: Node) => {
      if (node instanceof Element) return node.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect();
    };
    /** Whether two pieces sit side by side on one line: a gap there is seen, not heard. */
    const isSameLine = (a: Node, b: Node) => {
      const ra = rectOf(a);
      const rb = rectOf(b);
      if (ra.height === 0 || rb.height === 0) return true;
      const overlap = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      return overlap > Math.min(ra.height, rb.height) / 2;
    };
    const glued: string[] = [];
    for (const root of roots) {
      pieces.length = 0;
      walk(root, root);
      for (let i = 1; i < pieces.length; i++) {
        const left = pieces[i - 1];
        const right = pieces[i];
        if (left === BREAK || right === BREAK || left.text === '' || right.text === '') continue;
        if (!isWordChar(left.text.at(-1)) || !isWordChar(right.text[0])) continue;
        if (isSameLine(left.node, right.node)) glued.push(`${left.text.slice(-12)}|${right.text.slice(0, 12)}`);
      }
    }
    return glued;
  });
}
