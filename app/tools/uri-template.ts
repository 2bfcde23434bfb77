/**
 * The part of RFC 6570 resource templates use: `{var}`, `{+var}`, `{#var}`, `{.var}`,
 * `{/var}`, `{;var}`, `{?a,b}`, `{&a}`, each with comma-separated names (prefix `:n`
 * and explode `*` modifiers are read and ignored). No React in here.
 */
const EXPRESSION = /\{([+#./;?&]?)([^{}]*)\}/g;

type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';
const OPERATORS = {
  '': { first: '', sep: ',' },
  '+': { first: '', sep: ',' },
  '#': { first: '#', sep: ',' },
  '.': { first: '.', sep: '.' },
  '/': { first: '/', sep: '/' },
  ';': { first: ';', sep: ';' },
  '?': { first: '?', sep: '&' },
  '&': { first: '&', sep: '&' },
} satisfies Record<Operator, { first: string; sep: string }>;

function isOperator(text: string): text is Operator {
  return Object.hasOwn(OPERATORS, text);
}

function namesOf(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.replace(/(:\d+|\*)$/, '').trim())
    .filter((name) => name.length > 0);
}

/** The variables a template names, each once, in order. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(EXPRESSION)) for (const name of namesOf(match[2])) if (!names.includes(name)) names.push(name);
  return names;
}

/** The template with its variables filled in; an empty value leaves its part out (as an undefined one would). */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(EXPRESSION, (_whole, op: string, list: string) => {
    const operator = isOperator(op) ? op : '';
    const { first, sep } = OPERATORS[operator];
    // + and # keep reserved characters (a path stays a path); the rest are encoded whole.
    const encode = operator === '+' || operator === '#' ? encodeURI : encodeURIComponent;
    const parts = namesOf(list)
      .filter((name) => (values[name] ?? '') !== '')
      .map((name) => {
        const value = encode(values[name]);
        return operator === ';' || operator === '?' || operator === '&' ? `${name}=${value}` : value;
      });
    return parts.length ? first + parts.join(sep) : '';
  });
}
