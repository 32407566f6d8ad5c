// Type-checked (tsc --noEmit), never run: the `require` declarations.
import onnx = require('onnx-wasm');

export async function main(): Promise<number[]> {
  await onnx.ready({ wasmUrl: './onnx-wasm.wasm' });
  const y = onnx.ops.Round(new onnx.Tensor('float64', new Float64Array([0.5, 1.5])), { opset: 22 });
  const data: Float64Array = y.data;
  // @ts-expect-error Round keeps the element type
  const wrong: Float32Array = y.data;
  void wrong;
  const session: onnx.InferenceSession = await onnx.InferenceSession.create(new Uint8Array(0));
  session.release();
  return Array.from(data);
}
