import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerHarness, type ServerHarness } from '../server-harness.js';

describe('GET /v1/rooms/{room} without a WebSocket upgrade', () => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness('pglite');
  });
  afterAll(() => harness?.close());

  it('answers 426 ROOM_UPGRADE_REQUIRED with Upgrade: websocket', async () => {
    const response = await harness.request('/v1/rooms/contract-42?token=qr1.x.y');

    expect(response.status).toBe(426);
    expect(response.headers.get('upgrade')).toBe('websocket');
    expect(await response.json()).toMatchObject({ code: 'ROOM_UPGRADE_REQUIRED', error: 'Upgrade Required' });
  });

  it('is listed in the OpenAPI document with its token parameter', async () => {
    const openapi = (await (await harness.request('/openapi.json')).json()) as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };

    expect(openapi.paths['/v1/rooms/{room}']?.get?.parameters?.map((parameter) => parameter.name)).toEqual(['room', 'token']);
  });
});
