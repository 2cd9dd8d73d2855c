// The baseline: a bare node:http server answering every request with the exact bytes and headers the
// shop's GET /api/tools answered. Usage: node bare-server.mjs PORT BODY_FILE CONTENT_TYPE
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, bodyFile, contentType] = process.argv.slice(2);
const body = readFileSync(bodyFile);

createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
