import { readFileSync } from 'node:fs';
import http from 'node:http';

/*
 * The ceiling of the benchmark: node:http answering every request with the same bytes as
 * /api/ondemand page 0, no framework, no database. Started by server-process.ts.
 * Arguments: port, file with the body.
 */
const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };

http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
