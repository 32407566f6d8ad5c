// `npm run gen-models`: writes the demo's gallery (tools/demo-models.mjs) to demo/models/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODELS_DIR, demoModelFiles } from '../tools/demo-models.mjs';

mkdirSync(MODELS_DIR, { recursive: true });
const files = demoModelFiles();
for (const { file, bytes } of files) writeFileSync(join(MODELS_DIR, file), bytes);
console.log(`gen-demo-models: wrote ${files.length - 1} models and index.json to demo/models/`);
