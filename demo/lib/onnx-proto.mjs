// The little of ONNX's protobuf the page needs beyond the package's API: the initializers' TensorProto
// bytes inside a model (to show their first values through decodeTensorProto), and a TensorProto
// written from a Tensor (to download an output in the format the input editors load).

// TensorProto.DataType numbers (onnx.proto).
const DATA_TYPE = {
  float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7,
  float16: 10, float64: 11, uint32: 12, uint64: 13, bfloat16: 16,
};

function readVarint(bytes, pos) {
  let value = 0;
  for (let scale = 1; ; scale *= 128) {
    if (pos >= bytes.length) throw new Error('the model ends inside a number');
    const byte = bytes[pos++];
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return [value, pos];
  }
}

/** The fields of one protobuf message: {field, bytes} for each length-delimited one (others skipped). */
function* lengthDelimitedFields(bytes) {
  let pos = 0;
  while (pos < bytes.length) {
    let key;
    [key, pos] = readVarint(bytes, pos);
    const wireType = key % 8;
    if (wireType === 0) [, pos] = readVarint(bytes, pos);
    else if (wireType === 1) pos += 8;
    else if (wireType === 5) pos += 4;
    else if (wireType === 2) {
      let length;
      [length, pos] = readVarint(bytes, pos);
      yield { field: Math.floor(key / 8), bytes: bytes.subarray(pos, pos + length) };
      pos += length;
    } else throw new Error(`unexpected protobuf wire type ${wireType}`);
  }
}

const fieldsNumbered = (bytes, number) => [...lengthDelimitedFields(bytes)].filter((f) => f.field === number).map((f) => f.bytes);

/** [{name, bytes}]: each initializer's TensorProto (ModelProto.graph = 7, GraphProto.initializer = 5, TensorProto.name = 8). */
export function initializerProtos(modelBytes) {
  return fieldsNumbered(modelBytes, 7).flatMap((graph) => fieldsNumbered(graph, 5)).map((bytes) => ({
    name: new TextDecoder().decode(fieldsNumbered(bytes, 8)[0] ?? new Uint8Array()),
    bytes,
  }));
}

function writeVarint(out, value) {
  let v = BigInt(value);
  do {
    const low = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? low | 0x80 : low);
  } while (v);
}

/** A TensorProto of the tensor: dims (1), data_type (2), name (8), raw_data (9, little-endian as typed arrays are in browsers). */
export function encodeTensorProto(tensor, name) {
  const header = [];
  const lengthDelimited = (field, length) => {
    writeVarint(header, field * 8 + 2);
    writeVarint(header, length);
  };
  const dims = [];
  for (const d of tensor.dims) writeVarint(dims, d);
  lengthDelimited(1, dims.length);
  header.push(...dims);
  writeVarint(header, 2 * 8);
  writeVarint(header, DATA_TYPE[tensor.type]);
  const nameBytes = new TextEncoder().encode(name);
  lengthDelimited(8, nameBytes.length);
  header.push(...nameBytes);
  const raw = new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength);
  lengthDelimited(9, raw.length);
  const proto = new Uint8Array(header.length + raw.length);
  proto.set(header);
  proto.set(raw, header.length);
  return proto;
}
