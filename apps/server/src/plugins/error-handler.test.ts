import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Sends `request` as it is on a new connection and answers everything the server wrote before closing it. A
 * server that closes with part of a long request unread resets the connection: what came before the reset counts.
 */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' || chunks.length === 0) reject(err);
    });
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/**
 * Requests refused before any route runs (by Node's HTTP parser or Fastify's router) answer in the product's
 * error shape, with a code the client can show, and without the request echoed back.
 */
describe('refusals before any route', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('an address that does not decode: 400 invalid_request, the address not echoed', async () => {
    for (const url of ['/api/projects/%', '/api/users/%ED%A0%80', '/api/projects/%C0%80']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: t.auth(await t.login('discharger@example.com')),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: 'invalid_request', message: 'Invalid request' });
    }
  });

  it("a path parameter past the router's length: 414 request_too_large", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/calendar-feed/${'A'.repeat(5000)}.ics` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'request_too_large', message: 'Address too long' });
  });

  it('headers past the size limit: 431 request_too_large, then the connection closes', async () => {
    const answer = await rawExchange(
      port,
      `GET /api/projects?keyword=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body ?? '')).toEqual({
      code: 'request_too_large',
      message: 'Request headers too large',
    });
  });

  it('a request line the parser cannot read: 400 invalid_request', async () => {
    const answer = await rawExchange(
      port,
      'GET /api/projects HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n',
    );
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body ?? '')).toEqual({ code: 'invalid_request', message: 'Invalid request' });
  });
});
