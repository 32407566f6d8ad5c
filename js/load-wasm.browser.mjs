// Instantiates the wasm from a URL in browsers and workers (the ES module build): streaming compilation
// when the server sends application/wasm, otherwise from the bytes.
import { OnnxWasmError } from './errors.mjs';

export async function instantiateFromUrl(url, imports) {
  const response = fetch(url, { credentials: 'same-origin' });
  if (WebAssembly.instantiateStreaming) {
    try {
      return await WebAssembly.instantiateStreaming(response, imports);
    } catch {
      // A server without the application/wasm MIME type: fall back to bytes.
    }
  }
  const r = await response.catch((e) => {
    throw new OnnxWasmError(`ready: cannot fetch ${url}: ${e.message}`, 'NOT_READY');
  });
  if (!r.ok) throw new OnnxWasmError(`ready: cannot load ${url}: HTTP ${r.status}`, 'NOT_READY');
  try {
    return await WebAssembly.instantiate(await r.arrayBuffer(), imports);
  } catch (e) {
    // Engines name the policy in their messages: Content Security Policy, CSP, 'wasm-unsafe-eval'.
    if (/content.security.policy|\bCSP\b|wasm-unsafe-eval/i.test(e.message)) {
      throw new OnnxWasmError(`ready: this page's Content-Security-Policy forbids compiling WebAssembly: add 'wasm-unsafe-eval' to its script-src (in a Manifest V3 extension, to content_security_policy.extension_pages); ${e.message}`, 'NOT_READY');
    }
    // Typically a server's fallback page (HTML) where the wasm should be: say where we looked.
    const type = r.headers.get('content-type') ?? 'no content type';
    throw new OnnxWasmError(`ready: ${url} (${type}) is not the onnx-wasm module: ${e.message}; pass ready({ wasmUrl }) if it is hosted elsewhere`, 'NOT_READY');
  }
}
