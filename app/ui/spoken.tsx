/**
 * Text only a screen reader hears: the punctuation between parts that sit in separate
 * elements, so a row's name reads as a sentence ("status 200; 29 ms") instead of running
 * the parts together ("20029 ms").
 */
export function Spoken({ text }: { text: string }) {
  return <span className="sr-only">{text}</span>;
}
