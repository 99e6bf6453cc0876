import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRoomToken, verifyRoomToken } from '../../src/rooms/room-token.js';

const secret = 'a'.repeat(64);
const minted = new Date('2026-11-27T12:00:00Z');
const mint = (overrides: Partial<Parameters<typeof createRoomToken>[0]> = {}) =>
  createRoomToken({ secret, room: 'contract-42', user: { name: 'Ada', color: '#d33' }, access: 'write', expiresIn: '1h', now: () => minted, ...overrides });
const at = (iso: string) => new Date(iso);

describe('createRoomToken and verifyRoomToken', () => {
  it('grants the room, user, access and issuer a token was minted with, until its expiry', () => {
    const result = verifyRoomToken(mint({ issuer: 'acme' }), { secret, room: 'contract-42', now: at('2026-11-27T12:59:59Z') });
    expect(result).toEqual({
      ok: true,
      value: { room: 'contract-42', user: { name: 'Ada', color: '#d33' }, access: 'write', issuer: 'acme', expiresAt: at('2026-11-27T13:00:00Z') },
    });
  });

  it('counts a token without issuer against the default issuer and keeps read access', () => {
    const result = verifyRoomToken(mint({ access: 'read', user: { name: 'Bo' } }), { secret, room: 'contract-42', now: minted });
    expect(result.ok && result.value).toMatchObject({ access: 'read', issuer: 'default', user: { name: 'Bo' } });
  });

  it('refuses a token at and after its expiry', () => {
    const token = mint({ expiresIn: 90 });
    expect(verifyRoomToken(token, { secret, room: 'contract-42', now: at('2026-11-27T12:01:29Z') }).ok).toBe(true);
    expect(verifyRoomToken(token, { secret, room: 'contract-42', now: at('2026-11-27T12:01:30Z') })).toMatchObject({ ok: false, refusal: 'expired' });
  });

  it('refuses a token for another room', () => {
    expect(verifyRoomToken(mint(), { secret, room: 'contract-43', now: minted })).toMatchObject({ ok: false, refusal: 'other_room' });
  });

  it('refuses a token signed with another secret', () => {
    expect(verifyRoomToken(mint({ secret: 'b'.repeat(64) }), { secret, room: 'contract-42', now: minted })).toMatchObject({ ok: false, refusal: 'signature' });
  });

  it('refuses a token whose payload was changed, even to a well-formed one', () => {
    const [prefix, payload, signature] = mint({ access: 'read' }).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, access: 'write' })).toString('base64url');
    expect(verifyRoomToken(`${prefix}.${forged}.${signature}`, { secret, room: 'contract-42', now: minted })).toMatchObject({ ok: false, refusal: 'signature' });
  });

  it('refuses text that is not a token', () => {
    for (const token of ['', 'qr1', 'qr1.a.b.c', 'jwt.abc.def', 'qr1.a+b.c', 'qr1..x']) {
      expect(verifyRoomToken(token, { secret, room: 'contract-42', now: minted })).toMatchObject({ ok: false, refusal: 'malformed' });
    }
  });

  it('accepts a token minted by hand as docs/collaboration.md describes, as another language would', () => {
    const payload = Buffer.from(JSON.stringify({ room: 'contract-42', user: { name: 'Ada' }, access: 'write', exp: minted.getTime() / 1000 + 60 })).toString('base64url');
    const signature = createHmac('sha256', secret).update(`qr1.${payload}`).digest('base64url');
    expect(verifyRoomToken(`qr1.${payload}.${signature}`, { secret, room: 'contract-42', now: minted })).toMatchObject({ ok: true, value: { room: 'contract-42' } });
  });

  it('refuses a signed payload that lacks a claim', () => {
    const payload = Buffer.from(JSON.stringify({ room: 'contract-42', access: 'write', exp: minted.getTime() / 1000 + 60 })).toString('base64url');
    const signature = createHmac('sha256', secret).update(`qr1.${payload}`).digest('base64url');
    expect(verifyRoomToken(`qr1.${payload}.${signature}`, { secret, room: 'contract-42', now: minted })).toMatchObject({ ok: false, refusal: 'malformed' });
  });

  it('throws naming the option when asked to mint a malformed token', () => {
    expect(() => mint({ room: 'has space' })).toThrow(/room/);
    expect(() => mint({ expiresIn: '1 week' as '1h' })).toThrow(/expiresIn/);
    expect(() => mint({ access: 'admin' as 'read' })).toThrow(/access/);
    expect(() => mint({ user: { name: '' } })).toThrow(/user\.name/);
  });
});
