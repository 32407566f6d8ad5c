// Serves the demo page and the built package: `npm start` (PORT, default 8080).
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mounts = [
  ['/dist/', sirv(join(root, 'dist'), { dev: true })],
  ['/onnx-tests/', sirv(join(root, '..', 'shared', 'onnx-tests'), { dev: true })],
  ['/', sirv(join(root, 'demo'), { dev: true })],
];

export function createServer() {
  return http.createServer((req, res) => {
    const [prefix, handler] = mounts.find(([p]) => req.url.startsWith(p));
    if (prefix !== '/') req.url = req.url.slice(prefix.length - 1);
    handler(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8080);
  createServer().listen(port, () => console.log(`onnx-wasm demo: http://localhost:${port}/`));
}
