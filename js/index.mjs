export { OnnxWasmError } from './errors.mjs';
export { Tensor } from './tensor.mjs';
export { ready } from './runtime.mjs';
export { ops, supportedOperators, LATEST_OPSET } from './ops.mjs';
export { InferenceSession, decodeTensorProto } from './session.mjs';
export { heapStats, releaseCaches } from './diagnostics.mjs';
