// The license notices of the packages an esbuild bundle holds (from its metafile): each package
// once, by name and version, with the license text it ships. The build writes them beside the bundle.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeBundleNotices(metafile, file) {
  const roots = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const at = input.lastIndexOf('node_modules/');
    if (at === -1) continue;
    const [scope, name] = input.slice(at + 'node_modules/'.length).split('/');
    roots.add(`${input.slice(0, at)}node_modules/${scope.startsWith('@') ? `${scope}/${name}` : scope}`);
  }
  const entries = [...roots].sort().map((root) => {
    const { name, version, license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const licenseFile = readdirSync(root).find((entry) => /^(licen[cs]e|copying)(\.|$)/i.test(entry));
    const text = licenseFile
      ? readFileSync(join(root, licenseFile), 'utf8').trim()
      : `License: ${license ?? 'not stated'} (the package ships no license file).`;
    const title = `${name}@${version}`;
    return `${title}\n${'-'.repeat(title.length)}\n${text}\n`;
  });
  writeFileSync(file, `The bundles in this folder include the following packages.\n\n${entries.join('\n')}`);
}
