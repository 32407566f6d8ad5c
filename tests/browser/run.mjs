// Runs every browser test file in this one process (`node tests/browser/run.mjs`; npm test does), so
// that each engine's browser is launched once for all of them (eachEngine, tools/browser-harness.mjs)
// rather than once per file as `node --test tests/browser/` does. The files' top-level hooks become
// this process's: every server starts before the first test and stops after the last. The imports are
// static so that every file declares its tests and hooks before the first test starts.
import { readdirSync } from 'node:fs';
import './bool.test.mjs';
import './demo-smoke.test.mjs';
import './demo.test.mjs';
import './environments.test.mjs';
import './extension.test.mjs';
import './session.test.mjs';
import './tensor.test.mjs';

const imported = ['bool', 'demo-smoke', 'demo', 'environments', 'extension', 'session', 'tensor'].map((name) => `${name}.test.mjs`);
const missing = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.test.mjs') && !imported.includes(f));
if (missing.length > 0) throw new Error(`tests/browser/run.mjs does not import ${missing.join(', ')}`);
