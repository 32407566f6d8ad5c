// Instantiates the wasm from a URL in browsers and workers (the ES module build): streaming compilation
// when the server sends application/wasm, otherwise from the bytes.
import { OnnxWasmError } from './errors.mjs';

// A page whose Content-Security-Policy forbids compiling WebAssembly: engines name the policy in their
// messages (Content Security Policy, CSP, 'wasm-unsafe-eval'); say what to allow.
function policyError(e) {
  if (!/content.security.policy|\bCSP\b|wasm-unsafe-eval/i.test(e?.message)) return null;
  return new OnnxWasmError(`ready: this page's Content-Security-Policy forbids compiling WebAssembly: add 'wasm-unsafe-eval' to its script-src (in a Manifest V3 extension, to content_security_policy.extension_pages); ${e.message}`, 'NOT_READY');
}

export async function instantiateFromUrl(url, imports) {
  const response = fetch(url, { credentials: 'same-origin' });
  let streamingError;
  if (WebAssembly.instantiateStreaming) {
    try {
      return await WebAssembly.instantiateStreaming(response, imports);
    } catch (e) {
      const forbidden = policyError(e);
      if (forbidden) throw forbidden;
      streamingError = e; // typically a server without the application/wasm MIME type: fall back to bytes
    }
  }
  const r = await response.catch((e) => {
    throw new OnnxWasmError(`ready: cannot fetch ${url}: ${e.message}`, 'NOT_READY');
  });
  if (!r.ok) throw new OnnxWasmError(`ready: cannot load ${url}: HTTP ${r.status}`, 'NOT_READY');
  try {
    if (r.bodyUsed) throw streamingError; // compiling the stream read it, and failed
    return await WebAssembly.instantiate(await r.arrayBuffer(), imports);
  } catch (e) {
    const forbidden = policyError(e);
    if (forbidden) throw forbidden;
    // Typically a server's fallback page (HTML) where the wasm should be: say where we looked.
    const type = r.headers.get('content-type') ?? 'no content type';
    throw new OnnxWasmError(`ready: ${url} (${type}) is not the onnx-wasm module: ${e.message}; pass ready({ wasmUrl }) if it is hosted elsewhere`, 'NOT_READY');
  }
}
