// Outputs of two runtimes compared as the conformance cases compare with ONNX's expected outputs.
import { compareTensors } from '../../tools/conformance-runner.mjs';

// onnxruntime-web hands float16 out as a Float16Array where the browser has one; compare bit patterns.
const asBits = (t) => (t.type === 'float16' && !(t.data instanceof Uint16Array)
  ? { type: t.type, dims: t.dims, data: new Uint16Array(t.data.buffer, t.data.byteOffset, t.data.length) }
  : t);

/** Why the outputs differ (the first difference), or null when every output matches. */
export function compareOutputs(ours, theirs) {
  for (const [name, tensor] of Object.entries(ours)) {
    if (!theirs[name]) return `output '${name}' is missing`;
    const mismatch = compareTensors(asBits(theirs[name]), tensor);
    if (mismatch) return `output '${name}': ${mismatch}`;
  }
  return null;
}
