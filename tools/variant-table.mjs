// The README's "Supported variants" section, made from supportedOperators(): tests/node/operator-table
// checks the README against it, and `node scripts/readme-variants.mjs` writes it there.

const FLOAT = ['float64', 'float32', 'float16'];
const INTEGERS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];

// 'float, bfloat16, integers' for a version's types: the groups named below the table, then the rest.
function typeNames(types) {
  const names = [];
  let rest = [...types];
  for (const [name, group] of [['float', FLOAT], ['integers', INTEGERS]]) {
    if (group.every((t) => rest.includes(t))) {
      names.push(name);
      rest = rest.filter((t) => !group.includes(t));
    }
  }
  // bfloat16 reads best after float, before integers.
  if (rest.includes('bfloat16')) names.splice(names[0] === 'float' ? 1 : 0, 0, 'bfloat16');
  return [...names, ...rest.filter((t) => t !== 'bfloat16')].join(', ');
}

/** The section's Markdown (without its heading) for the rows of supportedOperators(). */
export function variantTable(rows) {
  const lines = [];
  // Consecutive versions of an operator with the same types share a line.
  for (const row of rows) {
    const last = lines.at(-1);
    const types = typeNames(row.types);
    if (last && last.op === row.op && last.types === types) last.versions.push(row.version);
    else lines.push({ op: row.op, versions: [row.version], types, count: row.types.length });
  }
  const total = rows.reduce((n, row) => n + row.types.length, 0);
  return [
    `${total} operator variants (operator × since-version × type). "float" is ${FLOAT.slice(0, -1).join(', ')} and ${FLOAT.at(-1)};`,
    `integers are ${INTEGERS.slice(0, -1).join(', ')} and ${INTEGERS.at(-1)}.`,
    '',
    '| operator | version | types | variants |',
    '|---|---|---|---:|',
    ...lines.map(({ op, versions, types, count }) =>
      `| ${op} | ${versions.join(', ')} | ${types} | ${versions.length === 1 ? count : `${versions.length} × ${count}`} |`),
  ].join('\n');
}

/** [start, end) of the section's body in the README's text (from after its heading to the next one). */
export function variantSection(readme) {
  const heading = '## Supported variants\n\n';
  const start = readme.indexOf(heading);
  if (start < 0) throw new Error(`README.md has no "${heading.trim()}" heading`);
  const end = readme.indexOf('\n\n## ', start + heading.length);
  return [start + heading.length, end < 0 ? readme.length : end];
}
