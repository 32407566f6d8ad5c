// The operators' TypeScript declarations, generated from the operator table (supportedOperators(), the
// C++ table of src/ops/): the `Ops` interface, one method per operator ops.* runs, and each operator's
// options type. scripts/build-js.mjs puts them into dist/index.d.ts and index.d.mts in place of the
// marker line of js/index.d.ts (DECLARATIONS_MARKER), which holds everything else. What an operator
// computes and what its attributes mean come from tools/operator-docs.mjs where it has them; the rest
// (inputs, types, results, attributes' kinds, versions, defaults and values) from the table alone.
import { OPERATOR_DOCS } from './operator-docs.mjs';

export const DECLARATIONS_MARKER = '// The operators\' declarations go here (tools/operator-declarations.mjs).';

const FLOAT_TYPES = new Set(['float64', 'float32', 'float16', 'bfloat16']);

// The declared name of a set of element types: FloatTensorType, NumericTensorType, or with bool
// DataTensorType.
function typeName(types) {
  const list = [...types];
  if (list.every((t) => FLOAT_TYPES.has(t))) return 'FloatTensorType';
  return list.includes('bool') ? 'DataTensorType' : 'NumericTensorType';
}

const quoted = (values) => values.map((v) => `'${v}'`).join(' | ');

// The input whose type the output has, as the method's generic T: the first of the output's constraint
// where that allows more than one type (Where's X), else the first.
const leadIndex = (row) => Math.max(0, row.inputs.findIndex((p) => p.constraint === row.outputs[0].constraint && p.types.length > 1));

// The input tuple of `rows`, versions whose inputs agree by name: `TensorInput<T>` for one input; for
// one or more of the lead input's type (Min), `readonly TensorInput<T>[]`; else a tuple of the params of
// the version with most, each named, `TensorInput<T>` where it takes the lead input's types, else its
// own (an input of the lead's types in some versions and its own in others, as Pow's Y: the union of its
// types, newest first); `?` where a version lacks it or may omit it, `| null` where one may omit it
// before a later input.
// An input's name as a tuple label: a reserved word (BatchNormalization's `var`) gets a trailing `_`.
const RESERVED = new Set('break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with'.split(' '));
const label = (name) => (RESERVED.has(name) ? `${name}_` : name);

function inputTuple(op, rows) {
  const widest = rows.reduce((a, b) => (b.inputs.length > a.inputs.length ? b : a));
  if (widest.inputs.length === 1 && !widest.inputs[0].variadic) return 'TensorInput<T>';
  const likeLead = (row, p) => p.types.join() === row.inputs[leadIndex(row)].types.join();
  if (widest.inputs.at(-1).variadic && rows.every((r) => r.inputs.every((p) => likeLead(r, p)))) return 'readonly TensorInput<T>[]';
  const params = widest.inputs.map((p, i) => {
    const present = rows.filter((r) => r.inputs[i] !== undefined);
    if (present.some((r) => r.inputs[i].name !== p.name || r.inputs[i].variadic)) {
      throw new Error(`${op}: input ${i} is not ${p.name} in every version that has it`);
    }
    const typed = new Set(present.map((r) => (likeLead(r, r.inputs[i]) ? 'T' : quoted(r.inputs[i].types))));
    const type = typed.size === 1 ? [...typed][0] : quoted([...new Set(present.toReversed().flatMap((r) => r.inputs[i].types))]);
    const omittable = present.some((r) => r.inputs[i].optional);
    return `${label(p.name)}${present.length < rows.length || omittable ? '?' : ''}: TensorInput<${type}>${omittable ? ' | null' : ''}`;
  });
  return `readonly [${params.join(', ')}]`;
}

// The operator's inputs: versions whose inputs are named differently at some position (Resize-10's [X,
// scales], Resize-11's [X, roi, scales, sizes]) are declared apart, a union of their tuples in version
// order.
function declaredInputs(op, rows) {
  const groups = [];
  const agree = (a, b) => a.inputs.every((p, i) => b.inputs[i] === undefined || b.inputs[i].name === p.name);
  for (const row of rows) {
    const group = groups.find((g) => g.every((r) => agree(r, row)));
    if (group) group.push(row);
    else groups.push([row]);
  }
  return groups.map((g) => inputTuple(op, g)).join(' | ');
}

// A method's signature: its generic T, its input (null: none), its options' type, whether it takes
// `out` and what it returns.
function signature(op, rows) {
  const newest = rows.at(-1);
  const { inputs, outputs } = newest;
  const [first] = inputs;
  const [output] = outputs;
  const lead = inputs[leadIndex(newest)];
  // An output of its own constraint with many types takes its type from the options (Cast's `to`,
  // ConstantOfShape's `value`); an operator of no inputs (Constant), from its options too.
  const fromOptions = first === undefined || (output.constraint !== lead.constraint && output.types.length > 1);
  const tensorOf = (o) => (o.constraint === lead?.constraint ? 'Tensor<T>' : `Tensor<${quoted(o.types)}>`);
  // ops.* gives the outputs a node must name (MaxPool's Y, not its optional Indices), or all of them
  // where all are optional (LSTM's); a variadic one as many as the call makes.
  const required = outputs.filter((o) => !o.optional);
  const returned = required.length > 0 ? required : outputs;
  let result;
  if (fromOptions) result = 'Tensor<T>';
  else if (output.variadic) result = `${tensorOf(output)}[]`;
  else if (returned.length > 1) result = `[${returned.map((o) => `${o.name}: ${tensorOf(o)}`).join(', ')}]`;
  else result = tensorOf(output);
  const firstTypes = first === undefined ? null : first.types.length === 1 ? quoted(first.types) : typeName(first.types);
  const input = first === undefined ? null : fromOptions ? `TensorInput<${firstTypes}>` : declaredInputs(op, rows);
  const constrained = fromOptions ? output.types : rows.flatMap((r) => r.inputs[leadIndex(r)]?.types ?? []);
  const takesOut = returned.length === 1 && !output.variadic;
  const outType = fromOptions || output.constraint === lead.constraint ? 'T' : quoted(output.types);
  // A Tensor is named as ONNX names it (X as x), an array `inputs`.
  const inputName = input === null || input.startsWith('TensorInput<') ? first?.name.toLowerCase() : 'inputs';
  return { constraint: typeName(new Set(constrained)), input, inputName, result, takesOut, outType };
}

// Each attribute any version of the operator defines, in the order the versions first define them:
// {name, kind, versions (the since-versions defining it), required (by the newest version, which
// ops.* runs by default), defaults and choices (the newest version's; choices with the version that
// adds each)}.
function attributesOf(op, rows) {
  const attributes = new Map();
  for (const row of rows) {
    for (const a of row.attributes) {
      let entry = attributes.get(a.name);
      if (entry === undefined) attributes.set(a.name, (entry = { name: a.name, kind: a.kind, versions: [], choices: new Map(), default: null, required: false }));
      // A number either way (LpPool's p: a float in version 1, an int later) declares as one.
      const numbers = (kind) => kind === 'int' || kind === 'float';
      if (entry.kind !== a.kind && !(numbers(entry.kind) && numbers(a.kind)))
        throw new Error(`${op}: attribute '${a.name}' is a ${entry.kind} in one version, a ${a.kind} in another`);
      entry.kind = a.kind;  // the newest version's
      entry.versions.push(row.version);
      entry.default = a.default;
      for (const c of a.choices) if (!entry.choices.has(c)) entry.choices.set(c, row.version);
    }
  }
  const newest = rows.at(-1);
  for (const a of newest.attributes) attributes.get(a.name).required = a.required;
  return [...attributes.values()];
}

// The TypeScript type of an attribute's values.
function attributeType(a) {
  const choices = quoted([...a.choices.keys()]);
  switch (a.kind) {
    case 'int': case 'float': return 'number';
    case 'flag': return '0 | 1 | boolean';
    case 'string': return choices || 'string';
    case 'ints': case 'floats': return 'readonly number[]';
    case 'strings': return choices ? `readonly (${choices})[]` : 'readonly string[]';
    case 'tensor': return 'TensorInput<DataTensorType>';
    case 'dataType': return 'DataTypeNumbers[T] | DataTypeNames[T]';
    case 'sparseTensor': return 'never';
    default: throw new Error(`attribute '${a.name}': kind '${a.kind}' has no declaration`);
  }
}

// "Version 7 on", "Versions 1 and 6", "Version 1 only": the since-versions of `all` that `some` are.
function versionText(some, all) {
  if (some.length === all.length) return null;
  const from = all.indexOf(some[0]);
  if (all.slice(from).join() === some.join()) return `Version ${some[0]} on`;
  if (some.length === 1) return `Version ${some[0]} only`;
  return `Versions ${some.slice(0, -1).join(', ')} and ${some.at(-1)}`;
}

// What the table says of an attribute, for one without a hand-written description.
function attributeFacts(a, versions) {
  const facts = [];
  const since = versionText(a.versions, versions);
  if (since) facts.push(`${since}.`);
  if (a.required) facts.push('Required.');
  else if (a.default !== null) facts.push(`Default: ${a.kind === 'string' ? `'${a.default}'` : a.default}.`);
  const added = [...a.choices].filter(([, version]) => version > a.versions[0]);
  for (const [choice, version] of added) facts.push(`'${choice}' from version ${version}.`);
  return facts.join(' ');
}

// A JSDoc comment of `text` at `indent`, on one line where it fits, else wrapped at 100 columns.
function jsdoc(text, indent) {
  if (!text) return '';
  if (indent.length + text.length + 7 <= 120) return `${indent}/** ${text} */\n`;
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent.length + 3 + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}

// The options type of `op`: an interface of its attributes (generic in T where one gives the output's
// type, Cast's `to`), or OpsetOption where it has none; an operator of a variadic output also takes
// OutputCountOption.
function optionsDeclaration(op, rows, variadic) {
  const docs = OPERATOR_DOCS[op] ?? {};
  const versions = rows.map((r) => r.version);
  const attributes = attributesOf(op, rows);
  const generic = attributes.some((a) => a.kind === 'dataType');
  const bases = variadic ? 'OpsetOption, OutputCountOption' : 'OpsetOption';
  let text = jsdoc(docs.options, '');
  if (attributes.length === 0 && !variadic) return { text: `${text}export type ${op}Options = OpsetOption;\n`, generic, required: false };
  text += `export interface ${op}Options${generic ? '<T extends DataTensorType>' : ''} extends ${bases} {\n`;
  for (const a of attributes) {
    text += jsdoc(docs.attributes?.[a.name] ?? attributeFacts(a, versions), '  ');
    text += `  ${a.name}${a.required ? '' : '?'}: ${attributeType(a)};\n`;
  }
  return { text: `${text}}\n`, generic, required: attributes.some((a) => a.required) };
}

/**
 * The generated declarations for `table` (supportedOperators()): each operator's options type, then the
 * Ops interface, in the table's order, without the operators only a session runs (If).
 */
export function operatorDeclarations(table) {
  const operators = new Map();
  for (const row of table) {
    if (row.sessionOnly) continue;
    if (!operators.has(row.op)) operators.set(row.op, []);
    operators.get(row.op).push(row);
  }
  let options = '';
  let methods = '';
  for (const [op, rows] of operators) {
    const s = signature(op, rows);
    const o = optionsDeclaration(op, rows, rows.some((r) => r.outputs.at(-1).variadic));
    options += `\n${o.text}`;
    const optionsType = `${op}Options${o.generic ? '<T>' : ''}${s.takesOut ? ` & OutOption<${s.outType}>` : ''}`;
    const optional = s.input !== null && !o.required ? '?' : '';
    const input = s.input === null ? '' : `${s.inputName}: ${s.input}, `;
    methods += jsdoc(OPERATOR_DOCS[op]?.doc, '  ');
    methods += `  ${op}<T extends ${s.constraint}>(${input}options${optional}: ${optionsType}): ${s.result};\n`;
  }
  return `${options}
/**
 * One function per operator, synchronous after \`await ready()\`; each returns a new Tensor of the input
 * type (or of the type its options give), or an array of them for an operator of several outputs: in
 * wasm memory if any input is (see Tensor.wasm), else in JS memory. Unsupported types, bad attributes
 * and bad shapes throw OnnxWasmError.
 */
export interface Ops {
${methods}}
`;
}
