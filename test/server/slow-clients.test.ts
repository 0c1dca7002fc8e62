import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, PASSWORD, startServer, type TestServer } from './helpers';

// Slow and silent clients hold no connection (issue 37, F13): 2000 connections sending a byte every 5 s were all
// still open after 130 s. Here with limits of a second (the defaults are 60 s for a request, 30 s of silence).
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ requestTimeoutMs: 1000, idleTimeoutMs: 1000 });
});
afterAll(() => t.stop());

/** A raw TCP connection to the server, with everything it was sent back and a promise of its close. */
function rawConnection() {
  const { hostname, port } = new URL(t.url);
  const socket: Socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (data) => {
    received += String(data);
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, opened, received: () => received };
}

describe('slow and silent clients', () => {
  it('cuts off a body that trickles in, a byte at a time, once the request time is up', async () => {
    const connection = rawConnection();
    await connection.opened;
    connection.socket.write(
      `POST /api/uaa/oauth/login HTTP/1.1\r\nHost: ${new URL(t.url).host}\r\nContent-Type: application/json\r\nX-PH-Device: pc\r\nContent-Length: 1000\r\n\r\n`,
    );
    const trickle = setInterval(() => connection.socket.write('{'), 200);
    await connection.closed;
    clearInterval(trickle);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that sends nothing', async () => {
    const connection = rawConnection();
    await connection.opened;
    await connection.closed;
    // Closed, with at most a 408 said first.
    expect(connection.received()).toMatch(/^(?:HTTP\/1\.1 408 [\s\S]*)?$/);
  });

  it('still serves a request that arrives in time', async () => {
    const answer = await new Client(t.url).post('/api/uaa/oauth/login', { username: 'teacher', password: PASSWORD });
    expect(answer.status).toBe(200);
  });
});
