/**
 * Every package a source file names is one its package.json declares: what arrives only because
 * another package depends on it (express, under the MCP SDK) goes the day that package drops it,
 * and `npm ci` gives no warning. Walks every TypeScript and JavaScript file of the repository (what
 * .gitignore keeps out, node_modules and dist among it, is left out) and reads each bare specifier
 * the file's syntax tree holds: `import`, `export … from`, `import()`, `require()`,
 * `require.resolve()`, `import.meta.resolve()` and `import('…')` types.
 *
 * A specifier resolves when it is a Node builtin, the package itself (its `exports`), or a package
 * declared in the nearest package.json above the file (dependencies, devDependencies,
 * peerDependencies, optionalDependencies). Type-only imports are checked too, and may resolve to the
 * package's DefinitelyTyped twin (`har-format` through `@types/har-format`): the compiler reads
 * them from there, and nothing of them runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** The project's own aliases (tsconfig paths, vite.config.ts): not packages. */
const ALIASES = ['@app/', '@wire/'];
/**
 * Files that run beside another package.json than the one above them. mcp-use-server.mjs is copied,
 * when a test needs it, beside the Node 22 install of e2e/node22/ (e2e/support/node22.ts), where
 * its imports resolve: mcp-use is never in this project's node_modules.
 */
const RUNS_BESIDE: Record<string, string> = { 'e2e/targets/mcp-use-server.mjs': 'e2e/node22/package.json' };

type Manifest = { name?: string; dependencies?: object; devDependencies?: object; peerDependencies?: object; optionalDependencies?: object };
type Use = { specifier: string; line: number; isTypeOnly: boolean };

/** The folders .gitignore names (`name/`), and .git: never sources of the project. */
function ignoredFolders(): Set<string> {
  const lines = readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n');
  return new Set(['.git', ...lines.filter((line) => /^[\w.-]+\/$/.test(line.trim())).map((line) => line.trim().slice(0, -1))]);
}

function sourceFiles(dir: string, ignored: Set<string>): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return ignored.has(entry.name) ? [] : sourceFiles(path, ignored);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The string a module specifier or call argument holds, when it is written as a literal. */
function literal(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** Whether `callee` resolves a specifier without loading it: `require.resolve`, `createRequire(…).resolve`, `import.meta.resolve`. */
function isResolveCall(callee: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'resolve') return false;
  const owner = callee.expression;
  if (ts.isIdentifier(owner)) return owner.text === 'require';
  if (ts.isMetaProperty(owner)) return owner.keywordToken === ts.SyntaxKind.ImportKeyword;
  return ts.isCallExpression(owner) && ts.isIdentifier(owner.expression) && owner.expression.text === 'createRequire';
}

/** `{ type A, type B }`: names that are all types (and some names: `import {} from 'x'` still runs 'x'). */
function areAllTypes(elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>): boolean {
  return elements.length > 0 && elements.every((element) => element.isTypeOnly);
}

/** Every specifier the file names, from its syntax tree (a string that merely looks like an import, in a template or a comment, is not one). */
function specifiersOf(fileName: string, text: string): Use[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const uses: Use[] = [];
  const add = (node: ts.Node, specifier: string | undefined, isTypeOnly: boolean) => {
    if (specifier !== undefined) uses.push({ specifier, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, isTypeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const names = clause?.namedBindings;
      const isEveryNameType = !clause?.name && names !== undefined && ts.isNamedImports(names) && areAllTypes(names.elements);
      add(node, literal(node.moduleSpecifier), clause?.isTypeOnly === true || isEveryNameType);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const names = node.exportClause;
      add(node, literal(node.moduleSpecifier), node.isTypeOnly || (names !== undefined && ts.isNamedExports(names) && areAllTypes(names.elements)));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, literal(node.moduleReference.expression), node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, literal(node.argument.literal), true);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isLoad = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
      if (isLoad || isResolveCall(callee)) add(node, literal(node.arguments[0]), false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`); undefined for paths, URLs, builtins and aliases. */
function packageOf(specifier: string): string | undefined {
  if (/^[./]/.test(specifier) || /^[a-z][a-z0-9+.-]*:/i.test(specifier) || isBuiltin(specifier)) return undefined;
  if (ALIASES.some((alias) => specifier.startsWith(alias))) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The package.json a file's imports resolve against: the nearest above it, unless it runs beside another. */
function manifestFor(file: string): string {
  if (RUNS_BESIDE[file]) return RUNS_BESIDE[file];
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const candidate = dir === '.' ? 'package.json' : `${dir}/package.json`;
    if (existsSync(join(ROOT, candidate)) || dir === '.') return candidate;
  }
}

const manifests = new Map<string, { name: string | undefined; declared: Set<string> }>();
function declaredBy(manifestPath: string): { name: string | undefined; declared: Set<string> } {
  let found = manifests.get(manifestPath);
  if (!found) {
    const manifest = JSON.parse(readFileSync(join(ROOT, manifestPath), 'utf8')) as Manifest;
    const groups = [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies, manifest.optionalDependencies];
    found = { name: manifest.name, declared: new Set(groups.flatMap((group) => Object.keys(group ?? {}))) };
    manifests.set(manifestPath, found);
  }
  return found;
}

/** `@types/x` for `x`, `@types/scope__x` for `@scope/x`: where the compiler finds a package's types when it ships none. */
const typesPackageOf = (name: string) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

/** Each use in `files` of a package its package.json does not declare, as `file:line specifier (manifest)`. */
function undeclaredUses(root: string, files: string[]): string[] {
  return files.flatMap((file) => {
    const manifest = manifestFor(file);
    const { name, declared } = declaredBy(manifest);
    return specifiersOf(file, readFileSync(join(root, file), 'utf8')).flatMap(({ specifier, line, isTypeOnly }) => {
      const pkg = packageOf(specifier);
      if (pkg === undefined || pkg === name || declared.has(pkg) || (isTypeOnly && declared.has(typesPackageOf(pkg)))) return [];
      return [`${file}:${line} ${specifier} (not in ${manifest})`];
    });
  });
}

describe('declared dependencies', () => {
  const files = sourceFiles('', ignoredFolders());

  it('walks the whole repository: the page, the proxy, the kit, the tests, the walkthrough, the scripts and the config files', () => {
    const tops = new Set(files.map((file) => (file.includes('/') ? `${file.split('/')[0]}/` : file)));
    for (const top of ['app/', 'server/', 'kit/', 'e2e/', 'walkthrough/', 'scripts/', 'vite.config.ts', 'playwright.config.ts', 'eslint.config.mjs'])
      expect(tops, top).toContain(top);
    expect(files.filter((file) => /(^|\/)(node_modules|dist)\//.test(file))).toEqual([]);
    expect(manifestFor('e2e/targets/mcp-use-server.mjs')).toBe('e2e/node22/package.json');
  });

  it('every bare import names a Node builtin, the package itself, or a package its package.json declares', () => {
    expect(undeclaredUses(ROOT, files)).toEqual([]);
  });

  it('reads every form of import, type-only ones apart, and ignores what only looks like one', () => {
    const text = [
      "import a from 'pkg-default';",
      "import type { B } from 'pkg-type';",
      "import { type C } from 'pkg-type-names';",
      "import { type D, e } from 'pkg-mixed';",
      "import 'pkg-side-effect';",
      "export { f } from 'pkg-reexport';",
      "export type { G } from 'pkg-reexport-type';",
      "import h = require('pkg-import-equals');",
      "const i = await import('pkg-dynamic');",
      "const j = require('pkg-require');",
      "const k = require.resolve('pkg-require-resolve');",
      "const l = createRequire(import.meta.url).resolve('pkg-create-require');",
      "const m = import.meta.resolve('pkg-meta-resolve');",
      "let n: typeof import('pkg-import-type');",
      "// import o from 'pkg-comment';",
      "const p = `import q from 'pkg-template'`;",
      "const r = Promise.resolve('pkg-promise');",
    ].join('\n');
    expect(specifiersOf('probe.ts', text).map(({ specifier, line, isTypeOnly }) => [specifier, line, isTypeOnly])).toEqual([
      ['pkg-default', 1, false],
      ['pkg-type', 2, true],
      ['pkg-type-names', 3, true],
      ['pkg-mixed', 4, false],
      ['pkg-side-effect', 5, false],
      ['pkg-reexport', 6, false],
      ['pkg-reexport-type', 7, true],
      ['pkg-import-equals', 8, false],
      ['pkg-dynamic', 9, false],
      ['pkg-require', 10, false],
      ['pkg-require-resolve', 11, false],
      ['pkg-create-require', 12, false],
      ['pkg-meta-resolve', 13, false],
      ['pkg-import-type', 14, true],
    ]);
    expect(['node:fs', 'fs/promises', './x', '../y', '/abs', '@wire/events', 'data:text/javascript,', '@scope/name/sub', 'name/sub'].map(packageOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      '@scope/name',
      'name',
    ]);
  });
});
