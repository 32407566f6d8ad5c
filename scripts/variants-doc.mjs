// Writes docs/variants.md, the table of supported variants, from the built package's
// supportedOperators() (tools/variant-table.mjs); tests/node/operator-table checks that it is up to date.
// Usage: node scripts/variants-doc.mjs   (after npm run build)
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ready, supportedOperators } from 'onnx-wasm';
import { variantsDocument } from '../tools/variant-table.mjs';

await ready();
writeFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'variants.md'), variantsDocument(supportedOperators()));
console.log('variants-doc: wrote docs/variants.md');
