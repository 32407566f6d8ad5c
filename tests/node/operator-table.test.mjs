// One operator table: the wasm's (src/ops/registry.cpp, read through supportedOperators()). The build
// derives ops.* and LATEST_OPSET from it; the declarations (js/index.d.ts) and docs/variants.md
// are written by hand or by scripts/variants-doc.mjs, and checked against it here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { LATEST_OPSET, OnnxWasmError, Tensor, ops, ready, supportedOperators } from 'onnx-wasm';
import { variantTable, variantsDocument } from '../../tools/variant-table.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FLOAT_TYPES = new Set(['float64', 'float32', 'float16', 'bfloat16']);

let table, operators;
before(async () => {
  await ready();
  table = supportedOperators();
  // Each operator ops.* runs once (not those only a session runs), in the table's order, with the union
  // of its versions' types.
  operators = [];
  for (const row of table.filter((r) => !r.sessionOnly)) {
    let o = operators.find((x) => x.op === row.op);
    if (!o) operators.push((o = { op: row.op, maxInputs: row.maxInputs, optional: false, types: new Set() }));
    o.maxInputs = Math.max(o.maxInputs, row.maxInputs);
    o.optional ||= row.inputs.some((p) => p.optional);
    for (const t of row.types) o.types.add(t);
  }
});

test('the table: each row names an operator, a since-version, its types and input counts; versions ascend', () => {
  assert.ok(table.length > 0);
  for (const [i, row] of table.entries()) {
    assert.deepEqual(Object.keys(row).sort(), ['elementwise', 'independentPlanes', 'inputs', 'maxInputs', 'minInputs', 'op', 'outputs', 'sessionOnly', 'types', 'version'], row.op);
    assert.equal(typeof row.elementwise, 'boolean', row.op);
    assert.equal(typeof row.sessionOnly, 'boolean', row.op);
    assert.equal(typeof row.independentPlanes, 'boolean', row.op);
    assert.ok(!(row.elementwise && row.independentPlanes), row.op);
    assert.ok(Number.isInteger(row.version) && row.version >= 1, `${row.op}-${row.version}`);
    assert.ok(row.minInputs >= 0 && row.maxInputs >= row.minInputs, `${row.op}: ${row.minInputs}..${row.maxInputs}`);
    assert.equal(row.minInputs, row.inputs.filter((p) => !p.optional).length, `${row.op}-${row.version} inputs`);
    assert.equal(row.maxInputs, row.inputs.at(-1)?.variadic ? Infinity : row.inputs.length, `${row.op}-${row.version} inputs`);
    // The types variants are counted by: the first input's, or where it allows one type only, the first
    // single param's allowing more (Where's X, ConstantOfShape's output); no inputs: the output's.
    const first = row.inputs[0] ?? row.outputs[0];
    const wider = first.types.length > 1 ? undefined : [...row.inputs, ...row.outputs].find((p) => !p.variadic && p.types.length > 1);
    assert.deepEqual(row.types, (wider ?? first).types, `${row.op}-${row.version}: the types its variants are counted by`);
    for (const p of [...row.inputs, ...row.outputs]) {
      assert.deepEqual(Object.keys(p).sort(), ['constraint', 'name', 'optional', 'types', 'variadic'], `${row.op}-${row.version}`);
      assert.ok(p.types.length > 0, `${row.op}-${row.version} ${p.name} has types`);
    }
    const previous = table[i - 1];
    if (previous?.op === row.op) assert.ok(previous.version < row.version, `${row.op} versions ascend`);
    else assert.ok(!table.slice(0, i).some((r) => r.op === row.op), `${row.op}'s versions are together`);
  }
});

test('ops has one function per operator of the table but If (a session runs it), in its order; LATEST_OPSET is its newest version', () => {
  assert.deepEqual([...new Set(table.filter((r) => r.sessionOnly).map((r) => r.op))], ['If']);
  assert.deepEqual(Object.keys(ops), operators.map((o) => o.op));
  assert.equal(ops.If, undefined);
  assert.equal(LATEST_OPSET, Math.max(...table.map((r) => r.version)));
});

test('an operator of more than one input takes an array, of none only options, the others a Tensor', () => {
  const x = new Tensor('float32', new Float32Array([1.5]), [1]);
  for (const { op, maxInputs } of operators) {
    if (maxInputs === 0) assert.throws(() => ops[op](x), (e) => e instanceof OnnxWasmError && e.message === `${op}: takes no inputs, only options`, op);
    else if (maxInputs > 1) assert.throws(() => ops[op](x), (e) => e instanceof OnnxWasmError && e.message === `${op}: expects an array of Tensors, got Tensor`, op);
    else assert.throws(() => ops[op]([x]), (e) => e instanceof OnnxWasmError && e.message.startsWith(`${op}: input 0 must be a Tensor`), op);
  }
});

// `export interface Ops { ... }` of js/index.d.ts: [{op, constraint, input, optional, optionsType, out, result}] of its methods.
function declaredOps() {
  const dts = readFileSync(join(root, 'js', 'index.d.ts'), 'utf8');
  const body = /export interface Ops \{\n([\s\S]*?)\n\}/.exec(dts)?.[1];
  assert.ok(body, 'js/index.d.ts declares `export interface Ops`');
  const methods = [...body.matchAll(/^ {2}(\w+)<T extends (\w+)>\((?:\w+: (.+?), )?options(\??): (\w+)(?:<T>)?( & OutOption<[^>]+>)?\): (Tensor<[^>]+>(?:\[\])?|\[.+\]);$/gm)];
  return { dts, methods: methods.map(([, op, constraint, input, , optionsType, out, result]) => ({ op, constraint, input, optionsType, out, result })) };
}

// The input whose type the output has, as the generic T of Ops' method: the first of the output's
// constraint where that allows more than one type (Where's X), else the first.
const leadIndex = (row) => Math.max(0, row.inputs.findIndex((p) => p.constraint === row.outputs[0].constraint && p.types.length > 1));

// The declared input of ops[op] for `rows`, versions whose inputs agree by name (TensorInput: a Tensor or
// onnxruntime's): `TensorInput<T>` for one input; for one or more of the lead input's type (Min),
// `readonly TensorInput<T>[]`; else a tuple of the params of its versions with most, each named, of type
// TensorInput<T> where it takes the lead input's types, else TensorInput<its types>; `?` where a version lacks it or
// may omit it, and `| null` where a version may omit it before a later input.
function declaredTuple(op, rows) {
  const widest = rows.reduce((a, b) => (b.inputs.length > a.inputs.length ? b : a));
  if (widest.inputs.length === 1 && !widest.inputs[0].variadic) return 'TensorInput<T>';
  const sameAsFirst = (row, p) => p.types.join() === row.inputs[leadIndex(row)].types.join();
  if (rows.every((r) => r.inputs.every((p) => sameAsFirst(r, p))) && widest.inputs.at(-1).variadic) return 'readonly TensorInput<T>[]';
  const params = widest.inputs.map((p, i) => {
    const inVersions = rows.map((r) => r.inputs[i]).filter((q) => q !== undefined);
    assert.ok(inVersions.every((q) => q.name === p.name && !q.variadic), `${op}: input ${i} is ${p.name} in every version that has it`);
    let typed = rows.filter((r) => r.inputs[i]).map((r) => (sameAsFirst(r, r.inputs[i]) ? 'T' : r.inputs[i].types.map((t) => `'${t}'`).join(' | ')));
    // an input of the first input's types in some versions and of its own in others (Pow's Y): the
    // union of its types, the newest version's first
    if (new Set(typed).size > 1) typed = [[...new Set(rows.toReversed().flatMap((r) => r.inputs[i]?.types ?? []))].map((t) => `'${t}'`).join(' | ')];
    const optional = inVersions.length < rows.length || inVersions.some((q) => q.optional);
    const nullable = inVersions.some((q) => q.optional);
    return `${p.name}${optional ? '?' : ''}: TensorInput<${typed[0]}>${nullable ? ' | null' : ''}`;
  });
  return `readonly [${params.join(', ')}]`;
}

// Versions whose inputs name differently at some position (Resize-10's [X, scales], Resize-11's [X,
// roi, scales, sizes]) are declared apart: a union of their tuples, in version order.
function declaredInput(op) {
  const groups = [];
  const agree = (a, b) => a.inputs.every((p, i) => b.inputs[i] === undefined || b.inputs[i].name === p.name);
  for (const row of table.filter((r) => r.op === op)) {
    const group = groups.find((g) => g.every((r) => agree(r, row)));
    if (group) group.push(row);
    else groups.push([row]);
  }
  return groups.map((rows) => declaredTuple(op, rows)).join(' | ');
}

// The declared name of a set of element types: FloatTensorType, NumericTensorType, or with bool DataTensorType.
const typeName = (types) => ([...types].every((t) => FLOAT_TYPES.has(t)) ? 'FloatTensorType' : [...types].includes('bool') ? 'DataTensorType' : 'NumericTensorType');

// How Ops declares an output: Tensor<T> where it has the lead input's constraint, else Tensor<its types>.
const declaredOutput = (output, lead) => (output.constraint === lead?.constraint ? 'Tensor<T>' : `Tensor<${output.types.map((t) => `'${t}'`).join(' | ')}>`);

test('js/index.d.ts declares exactly the table\'s operators, each with its inputs, types, options and result', () => {
  const { dts, methods } = declaredOps();
  assert.deepEqual(methods.map((m) => m.op), operators.map((o) => o.op));
  for (const { op } of operators) {
    const m = methods.find((x) => x.op === op);
    const last = table.findLast((r) => r.op === op);
    const { inputs, outputs } = last;
    const [first] = inputs;
    const [output] = outputs;
    const lead = inputs[leadIndex(last)];
    // An output of its own constraint with many types takes its type from the options (Cast's `to`,
    // ConstantOfShape's `value`); an operator of no inputs (Constant), from its options too.
    const fromOptions = first === undefined || (output.constraint !== lead.constraint && output.types.length > 1);
    const firstTypes = first === undefined ? [] : first.types.length === 1 ? `'${first.types[0]}'` : typeName(first.types);
    const input = first === undefined ? undefined : fromOptions ? `TensorInput<${firstTypes}>` : declaredInput(op);
    assert.equal(m.input, input, `${op}'s inputs`);
    // An operator of several outputs returns them as a named tuple; ops.* leaves optional ones out
    // (MaxPool's Indices: a session's node asks for them).
    const required = outputs.filter((o) => !o.optional);
    const returned = required.length > 0 ? required : outputs; // all optional (LSTM): all of them
    // A variadic output (Split's): an array of as many as the call makes.
    const result = output.variadic ? `${declaredOutput(output, lead)}[]`
      : returned.length > 1 ? `[${returned.map((o) => `${o.name}: ${declaredOutput(o, lead)}`).join(', ')}]` : declaredOutput(output, lead);
    assert.equal(m.result, fromOptions ? 'Tensor<T>' : result, `${op}'s result`);
    const leadTypes = new Set(table.filter((r) => r.op === op).flatMap((r) => r.inputs[leadIndex(r)]?.types ?? []));
    const constrained = fromOptions ? output.types : leadTypes;
    assert.equal(m.constraint, typeName(constrained), `${op}'s types`);
    assert.equal(m.optionsType, `${op}Options`);
    assert.equal(Boolean(m.out), returned.length === 1 && !output.variadic, `${op}'s options take out (OutOption) where it returns one output`);
    assert.match(dts, new RegExp(`export (type|interface) ${op}Options\\b`), `${op}Options is declared`);
  }
});

test('docs/variants.md is the table\'s (node scripts/variants-doc.mjs writes it); the README\'s counts and LATEST_OPSET are', () => {
  assert.equal(readFileSync(join(root, 'docs', 'variants.md'), 'utf8'), variantsDocument(table));
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const variants = table.reduce((n, r) => n + r.types.length, 0);
  const operators = new Set(table.map((r) => r.op)).size;
  assert.match(readme, new RegExp(`${operators} operators of ai.onnx in every\\s+version and type \\(${variants} variants\\)`));
  assert.match(readme, new RegExp(`${operators} operators, all ${variants} operator variants`));
  assert.match(readme, new RegExp(`\`LATEST_OPSET\` \\(${LATEST_OPSET}\\)`));
});

test('the variant table has a line per operator: its versions, the types each adds, its variants', () => {
  const rows = [
    { op: 'A', version: 1, types: ['float64', 'float32', 'float16'] },
    { op: 'A', version: 6, types: ['float64', 'float32', 'float16'] },
    { op: 'A', version: 13, types: ['float64', 'float32', 'float16', 'bfloat16', 'int8'] },
    { op: 'A', version: 14, types: ['float32'] },
    { op: 'B', version: 13, types: ['float64', 'float32', 'float16'] },
  ];
  assert.deepEqual(variantTable(rows).split('\n').slice(-2), [
    '| A | 1, 6, 13, 14 | float; bfloat16, int8 from 13; float32 from 14 | 12 |',
    '| B | 13 | float | 3 |',
  ]);
  assert.match(variantTable(rows), /^15 operator variants/);
});
