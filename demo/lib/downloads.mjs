// How many bytes this page downloaded for a set of files, from the browser's own record of them
// (Resource Timing), or, where a browser keeps none, from the server's Content-Length.

performance.setResourceTimingBufferSize?.(4000); // the conformance view alone fetches a few hundred files

/** Bytes of the body of each URL (absolute or relative to the page), summed: {bytes, files: [{url, bytes}]}. */
export async function downloadedBytes(urls) {
  const files = await Promise.all(urls.map(async (url) => {
    const href = new URL(url, document.baseURI).href;
    const entry = performance.getEntriesByName(href).find((e) => e.encodedBodySize > 0 || e.decodedBodySize > 0);
    let bytes = entry ? entry.encodedBodySize || entry.decodedBodySize : 0;
    if (!bytes) {
      const response = await fetch(href, { method: 'HEAD' });
      bytes = Number(response.headers.get('content-length') ?? 0);
    }
    return { url: href, bytes };
  }));
  return { bytes: files.reduce((sum, f) => sum + f.bytes, 0), files };
}

/** The files the package is: its module and its wasm, as the import map and the module resolve them. */
export const PACKAGE_FILES = ['/dist/onnx-wasm.mjs', '/dist/onnx-wasm.wasm'];
