// The package's size budget, read by the size test, `npm run sizes` and the benchmark: the wasm at most
// 1,000,000 bytes, and what a browser downloads (dist/onnx-wasm.mjs and the wasm) at most 368,000 bytes
// gzipped, one tenth of onnxruntime-web 1.30's smallest build (its wasm-only entry: 3.68 MB gzipped).
export const MAX_WASM_BYTES = 1_000_000;
export const MAX_GZIP_BYTES = 368_000;
