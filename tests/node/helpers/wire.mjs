// Protobuf wire format by hand, for messages no schema-driven encoder would write: wrong wire types,
// absurd lengths, over-long varints, fields nested 100,000 deep. Everything is bytes (Uint8Array).

export const WIRE = { VARINT: 0, FIXED64: 1, LEN: 2, START_GROUP: 3, END_GROUP: 4, FIXED32: 5 };

/** A base-128 varint of a non-negative integer (number or bigint). */
export function varint(value) {
  let v = BigInt(value);
  const out = [];
  do {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? byte | 0x80 : byte);
  } while (v);
  return Uint8Array.from(out);
}

export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export const tag = (field, wire) => varint((BigInt(field) << 3n) | BigInt(wire));
/** A varint field. */
export const intField = (field, value) => concat(tag(field, WIRE.VARINT), varint(value));
/** A length-delimited field: bytes, a string or an encoded message. */
export const lenField = (field, content) => {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return concat(tag(field, WIRE.LEN), varint(bytes.length), bytes);
};
