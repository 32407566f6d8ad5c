// Writes the README's "Supported variants" section from the built package's supportedOperators()
// (tools/variant-table.mjs); tests/node/operator-table checks that it is up to date.
// Usage: node scripts/readme-variants.mjs   (after npm run build)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ready, supportedOperators } from 'onnx-wasm';
import { variantSection, variantTable } from '../tools/variant-table.mjs';

const readmePath = join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
const readme = readFileSync(readmePath, 'utf8');
await ready();
const [start, end] = variantSection(readme);
writeFileSync(readmePath, readme.slice(0, start) + variantTable(supportedOperators()) + readme.slice(end));
console.log('readme-variants: wrote the "Supported variants" section of README.md');
