// punycode 2.3.1 ships no types. It is imported by file: the bare name 'punycode' is Node's deprecated built-in (DEP0040).
declare module 'punycode/punycode.es6.js' {
  /** One label's punycode (without 'xn--') to Unicode (RFC 3492); throws a RangeError on invalid input. */
  export function decode(input: string): string;
}
