// `npm run gen-models`: writes the models of tools/demo-models.mjs: the demo's gallery to demo/models/,
// the others to tests/data/version-models/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODELS_DIR, VERSION_MODELS_DIR, demoModelFiles } from '../tools/demo-models.mjs';

const files = demoModelFiles();
for (const dir of [MODELS_DIR, VERSION_MODELS_DIR]) mkdirSync(dir, { recursive: true });
for (const { dir, file, bytes } of files) writeFileSync(join(dir, file), bytes);
const inGallery = files.filter((f) => f.dir === MODELS_DIR && f.file.endsWith('.onnx')).length;
console.log(`gen-demo-models: wrote ${inGallery} models and index.json to demo/models/, ${files.length - 1 - inGallery} to tests/data/version-models/`);
