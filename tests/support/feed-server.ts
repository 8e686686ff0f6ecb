import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';

/**
 * Serves `feeds` on loopback at `/feeds/<name>` as the Seer Box feed port would: 200 with the
 * body, 404 for an unknown name, 500 for the name `broken`. Returns the origin and a closer.
 */
export async function serveFeeds(feeds: Record<string, string>) {
  const server = createServer((request, response) => {
    const name = (request.url ?? '').replace(/^\/feeds\//, '');
    if (name === 'broken') return void response.writeHead(500).end('upstream error');
    if (!(name in feeds)) return void response.writeHead(404).end();
    response.writeHead(200, {'Content-Type': 'text/plain'}).end(feeds[name]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {origin, close: () => new Promise<void>((resolve) => server.close(() => resolve()))};
}

/** The same server as a Node program, for a process that must run in another network namespace. */
export const feedServerProgram = `
const {createServer} = require('node:http');
const {readFileSync, existsSync} = require('node:fs');
const dir = process.argv[1];
createServer((request, response) => {
  const name = (request.url || '').replace(/^\\/feeds\\//, '');
  if (name === 'broken') return void response.writeHead(500).end('upstream error');
  const file = dir + '/' + name.replace(/[^a-z0-9-]/g, '_');
  if (!existsSync(file)) return void response.writeHead(404).end();
  response.writeHead(200, {'Content-Type': 'text/plain'}).end(readFileSync(file));
}).listen(8080, '127.0.0.1', () => console.log('ready'));
`;
