/** Writes the published JSON Schemas (see server/json-schemas.ts). Run with `npm run schemas`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PUBLISHED_SCHEMAS, renderSchema } from '../server/json-schemas';

const root = fileURLToPath(new URL('../', import.meta.url));
for (const published of PUBLISHED_SCHEMAS) {
  writeFileSync(new URL(published.file, `file://${root}`), renderSchema(published));
  process.stdout.write(`wrote ${published.file}\n`);
}
