// docs/variants.md, the table of supported variants, made from supportedOperators():
// tests/node/operator-table checks the file against it, and `node scripts/variants-doc.mjs` writes it.

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

// "float; bfloat16, int8 from 13" for an operator's versions ([{version, types}]): the first version's
// types, then what each later version adds (or, where one drops a type, all of its types).
function typesByVersion(versions) {
  const parts = [typeNames(versions[0].types)];
  for (let i = 1; i < versions.length; i++) {
    const before = versions[i - 1].types;
    const { version, types } = versions[i];
    const added = types.filter((t) => !before.includes(t));
    if (before.some((t) => !types.includes(t))) parts.push(`${typeNames(types)} from ${version}`);
    else if (added.length) parts.push(`${typeNames(added)} from ${version}`);
  }
  return parts.join('; ');
}

/** The section's Markdown (without its heading) for the rows of supportedOperators(): a line per operator. */
export function variantTable(rows) {
  const operators = [];
  for (const row of rows) {
    const last = operators.at(-1);
    if (last?.op === row.op) last.versions.push(row);
    else operators.push({ op: row.op, versions: [row] });
  }
  const count = (versions) => versions.reduce((n, v) => n + v.types.length, 0);
  return [
    `${count(rows)} operator variants (operator × since-version × type). "float" is ${FLOAT.slice(0, -1).join(', ')} and ${FLOAT.at(-1)};`,
    `integers are ${INTEGERS.slice(0, -1).join(', ')} and ${INTEGERS.at(-1)}.`,
    '',
    '| operator | versions | types | variants |',
    '|---|---|---|---:|',
    ...operators.map(({ op, versions }) =>
      `| ${op} | ${versions.map((v) => v.version).join(', ')} | ${typesByVersion(versions)} | ${count(versions)} |`),
  ].join('\n');
}

/** docs/variants.md's whole text for the rows of supportedOperators(). */
export function variantsDocument(rows) {
  return `# Supported variants\n\n${variantTable(rows)}\n`;
}
