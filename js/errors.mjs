/**
 * Every failure of this package is an OnnxWasmError. `code` is one of INVALID_ARGUMENT, UNSUPPORTED,
 * INVALID_MODEL, OUT_OF_MEMORY, NOT_READY, or INTERNAL (the wasm code trapped: a bug).
 */
export class OnnxWasmError extends Error {
  constructor(message, code = 'INVALID_ARGUMENT') {
    super(message);
    this.name = 'OnnxWasmError';
    this.code = code;
  }
}
