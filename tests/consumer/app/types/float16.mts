// Type-checked (tsc --noEmit) with a TypeScript library that declares Float16Array (tsconfig.esnext.json).
import { Tensor } from 'onnx-wasm';

const half = new Tensor('float16', Float16Array.from([1.5, -1.5]), [2]);
const bits: Uint16Array = half.data; // the bits, whatever the data came in
const numbers: Float32Array = half.toFloat32Array();
// @ts-expect-error bfloat16 has no typed array of its own: Uint16Array bit patterns
new Tensor('bfloat16', Float16Array.from([1.5]));
export { bits, numbers };
