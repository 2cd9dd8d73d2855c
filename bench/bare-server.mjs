// The baseline: a bare node:http server answering every request with the exact bytes and headers the shop
// answered. Usage: node bare-server.mjs PORT BODY_FILE HEADERS_FILE (a JSON object of the shop's headers).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, bodyFile, headersFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = { ...JSON.parse(readFileSync(headersFile, 'utf8')), 'content-length': body.length };

createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
