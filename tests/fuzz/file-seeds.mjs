// Copies the seed files of fuzz_model or fuzz_tensor_proto into the directory given: every file named
// <name> (or, for *<suffix>, ending so) below each source directory, as <source's name>_<its path
// there, / as _>, in one process (a copy per file from the shell spawns thousands of processes).
// Usage: node tests/fuzz/file-seeds.mjs <seeds dir> <name or *suffix> <source dir>...
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, join, sep } from 'node:path';

const [seeds, pattern, ...sources] = process.argv.slice(2);
const matches = pattern.startsWith('*') ? (name) => name.endsWith(pattern.slice(1)) : (name) => name === pattern;
mkdirSync(seeds, { recursive: true });
for (const source of sources) {
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !matches(entry.name)) continue;
    const path = join(entry.path ?? entry.parentPath, entry.name);
    const relative = path.slice(source.replace(/\/+$/, '').length + 1);
    copyFileSync(path, join(seeds, `${basename(source)}_${relative.split(sep).join('_')}`));
  }
}
