// `npm start`: serves the demo page and the built package (tools/server.mjs) on PORT, default 8080, and
// HOST, default 127.0.0.1, so only this machine reaches it unless asked, e.g. HOST=0.0.0.0.
import { createServer } from '../tools/server.mjs';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST || '127.0.0.1';
const server = createServer();
server.listen(port, host, () => {
  const { address, port: bound } = server.address();
  const shown = address.includes(':') ? `[${address}]` : address;
  console.log(`onnx-wasm demo: http://${shown}:${bound}/${host === '127.0.0.1' ? ' (this machine only; HOST=0.0.0.0 to expose it)' : ''}`);
});
