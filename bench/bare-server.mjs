// The baseline: a bare node:http server answering every request with the exact bytes and headers the shop
// answered. Usage: node bare-server.mjs PORT BODY_FILE CONTENT_TYPE [CONTENT_ENCODING]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, bodyFile, contentType, contentEncoding] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = {
  'content-type': contentType,
  'content-length': body.length,
  ...(contentEncoding ? { 'content-encoding': contentEncoding, vary: 'Accept-Encoding' } : {}),
};

createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
