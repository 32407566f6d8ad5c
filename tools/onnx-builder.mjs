// Builds ONNX models and TensorProtos from code, for tests and scripts (not part of the package).
// Encoding is protobufjs's, over the part of onnx.proto below (field numbers as in ONNX's onnx.proto).
//
//   const bytes = buildModel({
//     opset: 13,
//     inputs: [{ name: 'x', type: 'float32', dims: ['N', 4] }],
//     outputs: [{ name: 'y', type: 'float32' }],
//     initializers: [{ name: 'w', type: 'float32', dims: [4], data: [1, 2, 3, 4] }],
//     nodes: [{ op: 'Min', inputs: ['x', 'w'], outputs: ['y'] }],
//   });
//
// A graph attribute (If's branches) is { type: 'GRAPH', value: { nodes, outputs, initializers, inputs, name } },
// a graph given as to modelProto().
import protobuf from 'protobufjs';

const ONNX_PROTO = `
syntax = "proto2";
package onnx;

message AttributeProto {
  optional string name = 1;
  optional string ref_attr_name = 21;
  optional int32 type = 20;
  optional float f = 2;
  optional int64 i = 3;
  optional bytes s = 4;
  optional TensorProto t = 5;
  optional GraphProto g = 6;
  repeated float floats = 7;
  repeated int64 ints = 8;
  repeated bytes strings = 9;
  repeated GraphProto graphs = 11;
}

message ValueInfoProto {
  optional string name = 1;
  optional TypeProto type = 2;
}

message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  optional string name = 3;
  optional string op_type = 4;
  optional string domain = 7;
  repeated AttributeProto attribute = 5;
}

message ModelProto {
  optional int64 ir_version = 1;
  repeated OperatorSetIdProto opset_import = 8;
  optional string producer_name = 2;
  optional GraphProto graph = 7;
}

message StringStringEntryProto {
  optional string key = 1;
  optional string value = 2;
}

message GraphProto {
  repeated NodeProto node = 1;
  optional string name = 2;
  repeated TensorProto initializer = 5;
  repeated SparseTensorProto sparse_initializer = 15;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}

message TensorProto {
  message Segment {
    optional int64 begin = 1;
    optional int64 end = 2;
  }
  repeated int64 dims = 1;
  optional int32 data_type = 2;
  optional Segment segment = 3;
  repeated float float_data = 4 [packed = true];
  repeated int32 int32_data = 5 [packed = true];
  repeated bytes string_data = 6;
  repeated int64 int64_data = 7 [packed = true];
  optional string name = 8;
  optional bytes raw_data = 9;
  repeated StringStringEntryProto external_data = 13;
  optional int32 data_location = 14;
  repeated double double_data = 10 [packed = true];
  repeated uint64 uint64_data = 11 [packed = true];
}

message SparseTensorProto {
  optional TensorProto values = 1;
  optional TensorProto indices = 2;
  repeated int64 dims = 3;
}

message TensorShapeProto {
  message Dimension {
    oneof value {
      int64 dim_value = 1;
      string dim_param = 2;
    }
  }
  repeated Dimension dim = 1;
}

message TypeProto {
  message Tensor {
    optional int32 elem_type = 1;
    optional TensorShapeProto shape = 2;
  }
  message Sequence {
    optional TypeProto elem_type = 1;
  }
  oneof value {
    Tensor tensor_type = 1;
    Sequence sequence_type = 4;
  }
}

message OperatorSetIdProto {
  optional string domain = 1;
  optional int64 version = 2;
}
`;

const root = protobuf.parse(ONNX_PROTO).root;

/** The protobufjs message types, for tests that build unusual messages field by field. */
export const onnx = Object.fromEntries(
  ['ModelProto', 'GraphProto', 'NodeProto', 'AttributeProto', 'TensorProto', 'ValueInfoProto', 'TypeProto'].map((n) => [
    n,
    root.lookupType(`onnx.${n}`),
  ]),
);

/** TensorProto.DataType numbers by onnxruntime-web's type names. */
export const DATA_TYPE = {
  float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, string: 8, bool: 9,
  float16: 10, float64: 11, uint32: 12, uint64: 13, complex64: 14, bfloat16: 16,
};

/** AttributeProto.AttributeType numbers. */
export const ATTRIBUTE_TYPE = { FLOAT: 1, INT: 2, STRING: 3, TENSOR: 4, GRAPH: 5, FLOATS: 6, INTS: 7, STRINGS: 8, GRAPHS: 10 };

const TYPED_ARRAY = {
  float32: Float32Array, float64: Float64Array, float16: Uint16Array, bfloat16: Uint16Array,
  int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array,
  int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array, bool: Uint8Array,
};

// The typed field of each type when raw_data is not used (onnx.proto's rules).
const TYPED_FIELD = {
  float32: 'floatData', float64: 'doubleData', int64: 'int64Data', uint32: 'uint64Data', uint64: 'uint64Data',
  int32: 'int32Data', int16: 'int32Data', int8: 'int32Data', uint16: 'int32Data', uint8: 'int32Data',
  float16: 'int32Data', bfloat16: 'int32Data', bool: 'int32Data',
};

function dataTypeNumber(type) {
  const n = typeof type === 'number' ? type : DATA_TYPE[type];
  if (n === undefined) throw new Error(`onnx-builder: unknown type ${type}`);
  return n;
}

/**
 * A TensorProto message object. `data`: typed array or plain array (half types as bit patterns,
 * 64-bit integers as bigints); `encoding`: 'raw' (raw_data) or 'typed' (float_data, int32_data, ...).
 */
export function tensorProto({ name, type, dims, data = [], encoding = 'raw' }) {
  const values = data instanceof TYPED_ARRAY[type] ? data : TYPED_ARRAY[type].from(data);
  const message = { name, dims: dims ?? [values.length], dataType: dataTypeNumber(type) };
  if (encoding === 'raw') {
    message.rawData = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  } else if (encoding === 'typed') {
    // protobufjs takes 64-bit values as decimal strings.
    message[TYPED_FIELD[type]] = Array.from(values, (v) => (typeof v === 'bigint' ? v.toString() : v));
  } else {
    throw new Error(`onnx-builder: unknown encoding ${encoding}`);
  }
  return message;
}

function encode(type, message) {
  const m = type.fromObject(message);
  const err = type.verify(m);
  if (err) throw new Error(`onnx-builder: ${err}`);
  return type.encode(m).finish();
}

/** A serialized TensorProto (the format of ONNX test data .pb files) from a tensorProto() spec or message. */
export function encodeTensor(spec) {
  return encode(onnx.TensorProto, 'dataType' in spec ? spec : tensorProto(spec));
}

/**
 * A ValueInfoProto. `dims`: numbers (dim_value), strings (dim_param), null (a dimension with
 * neither); omitted for an unknown shape.
 */
export function valueInfo({ name, type, dims }) {
  const tensorType = { elemType: dataTypeNumber(type) };
  if (dims) {
    tensorType.shape = {
      dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : typeof d === 'string' ? { dimParam: d } : {})),
    };
  }
  return { name, type: { tensorType } };
}

/**
 * An AttributeProto from a JS value: integer → INT, other number → FLOAT, string → STRING, arrays
 * of those → INTS / FLOATS / STRINGS. `{ type: 'FLOAT', value: 1 }` states the type; `{ type: 'GRAPH',
 * value: graph }` and `{ type: 'GRAPHS', value: [graph, ...] }` hold graphs (graphProto()'s specs);
 * `{ raw: {...} }` is an AttributeProto message object used as it is.
 */
export function attributeProto(name, value) {
  if (value && typeof value === 'object' && 'raw' in value) return { name, ...value.raw };
  let type;
  if (value && typeof value === 'object' && !Array.isArray(value)) ({ type, value } = value);
  if (!type) {
    const list = Array.isArray(value) ? value : [value];
    const kind = list.every((v) => typeof v === 'string') ? 'STRING' : list.every(Number.isInteger) ? 'INT' : 'FLOAT';
    type = Array.isArray(value) ? `${kind}S` : kind;
  }
  if (type === 'GRAPH') return { name, type: ATTRIBUTE_TYPE.GRAPH, g: graphProto(value) };
  if (type === 'GRAPHS') return { name, type: ATTRIBUTE_TYPE.GRAPHS, graphs: value.map(graphProto) };
  const field = { FLOAT: 'f', INT: 'i', STRING: 's', FLOATS: 'floats', INTS: 'ints', STRINGS: 'strings' }[type];
  const bytes = (v) => (typeof v === 'string' ? new TextEncoder().encode(v) : v);
  return { name, type: ATTRIBUTE_TYPE[type], [field]: Array.isArray(value) ? value.map(bytes) : bytes(value) };
}

/** A NodeProto from { op, inputs, outputs, name, domain, attributes: {name: value} }. */
export function nodeProto({ op, inputs = [], outputs = [], name, domain, attributes = {} }) {
  return {
    opType: op, input: inputs, output: outputs, name, domain,
    attribute: Object.entries(attributes).map(([k, v]) => attributeProto(k, v)),
  };
}

/**
 * A GraphProto message object from { name, nodes, inputs, outputs, initializers } (nodeProto(),
 * valueInfo() and tensorProto() specs): a model's graph, or a subgraph a node's attribute holds.
 */
export function graphProto({ name = 'graph', nodes = [], inputs = [], outputs = [], initializers = [] }) {
  return {
    name,
    node: nodes.map(nodeProto),
    initializer: initializers.map(tensorProto),
    input: inputs.map(valueInfo),
    output: outputs.map(valueInfo),
  };
}

/**
 * A ModelProto message object. `opset`: the default domain's version (null: no opset_import), or
 * `opsetImports` [{domain, version}] for a full list; `irVersion` defaults to 8 (null: left out).
 * `initializers` are tensorProto() specs.
 */
export function modelProto({ irVersion = 8, opset = 13, opsetImports, nodes = [], inputs = [], outputs = [], initializers = [] }) {
  return {
    irVersion: irVersion ?? undefined,
    producerName: 'onnx-wasm onnx-builder',
    opsetImport: opsetImports ?? (opset === null ? [] : [{ domain: '', version: opset }]),
    graph: graphProto({ nodes, inputs, outputs, initializers }),
  };
}

/** Encodes a ModelProto message object (e.g. one from modelProto(), edited by a test). */
export function encodeModelProto(message) {
  return encode(onnx.ModelProto, message);
}

/** The bytes of an .onnx file; see modelProto() for the fields. */
export function buildModel(spec) {
  return encodeModelProto(modelProto(spec));
}

/** Decodes an .onnx file into a plain object (e.g. to list its nodes' operators). */
export function decodeModel(bytes) {
  return onnx.ModelProto.toObject(onnx.ModelProto.decode(bytes), { longs: Number });
}

/** The operators of a decoded graph's nodes and of its subgraphs' (If's branches), each once. */
export function graphOperators(graph) {
  const ops = new Set();
  const visit = (g) => {
    for (const node of g.node ?? []) {
      ops.add(node.opType);
      for (const a of node.attribute ?? []) [a.g, ...(a.graphs ?? [])].filter(Boolean).forEach(visit);
    }
  };
  visit(graph);
  return [...ops];
}
