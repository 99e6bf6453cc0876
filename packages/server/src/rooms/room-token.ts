import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRoomName } from './room-name.js';
import { lifetimeSeconds, type TokenLifetime } from './token-lifetime.js';

/** What a room token allows: `write` edits the document, `read` only receives it (and shows presence). */
export type RoomAccess = 'read' | 'write';

/** The person a token admits, as other participants see them. */
export interface RoomUser {
  name: string;
  /** A CSS colour for their caret and selection; the editor picks one when absent. */
  color?: string;
}

/** Options of {@link createRoomToken}. */
export interface CreateRoomTokenOptions {
  /** The server secret (`QUIRE_SECRET`, or the one `quire serve` keeps in its store). */
  secret: string;
  room: string;
  user: RoomUser;
  access: RoomAccess;
  /** Seconds, or `30m`, `1h`, `7d`... */
  expiresIn: TokenLifetime;
  /** Whose room this is, counted by the rooms-per-issuer limit; default `default`. */
  issuer?: string;
  /** Clock; default `() => new Date()`. */
  now?: () => Date;
}

/** What a verified token grants. */
export interface RoomGrant {
  room: string;
  user: RoomUser;
  access: RoomAccess;
  issuer: string;
  expiresAt: Date;
}

/** Why a token was refused: not a token, a bad signature, past its expiry, or for another room. */
export type RoomTokenRefusal = 'malformed' | 'signature' | 'expired' | 'other_room';

/** The outcome of {@link verifyRoomToken}; `reason` is safe to show to the client. */
export type VerifyRoomTokenResult = { ok: true; value: RoomGrant } | { ok: false; refusal: RoomTokenRefusal; reason: string };

const formatPrefix = 'qr1';
const defaultIssuer = 'default';
const maxTextLength = 100;

/**
 * Returns a signed room token (`qr1.<payload>.<signature>`, see docs/collaboration.md) admitting
 * `user` to `room` with `access` until `expiresIn` from now. Throws a TypeError naming the option
 * when an option is malformed.
 */
export function createRoomToken(options: CreateRoomTokenOptions): string {
  if (typeof options.secret !== 'string' || options.secret.length === 0) throw new TypeError('createRoomToken: secret must be a non-empty string');
  if (typeof options.room !== 'string' || !isRoomName(options.room)) {
    throw new TypeError(`createRoomToken: room must be 1 to 128 letters, digits, ".", "_" or "-", got ${JSON.stringify(options.room)}`);
  }
  if (!isShortText(options.user?.name)) throw new TypeError('createRoomToken: user.name must be 1 to 100 characters');
  if (options.user.color !== undefined && !isShortText(options.user.color)) throw new TypeError('createRoomToken: user.color must be 1 to 100 characters');
  if (options.access !== 'read' && options.access !== 'write') throw new TypeError(`createRoomToken: access must be "read" or "write", got ${JSON.stringify(options.access)}`);
  if (options.issuer !== undefined && !isShortText(options.issuer)) throw new TypeError('createRoomToken: issuer must be 1 to 100 characters');
  const seconds = lifetimeSeconds(options.expiresIn);
  if (seconds === undefined) throw new TypeError(`createRoomToken: expiresIn must be positive seconds or like "30m", "1h", "7d", got ${JSON.stringify(options.expiresIn)}`);
  const now = (options.now ?? (() => new Date()))();
  const claims = {
    room: options.room,
    user: options.user.color === undefined ? { name: options.user.name } : { name: options.user.name, color: options.user.color },
    access: options.access,
    exp: Math.floor(now.getTime() / 1000) + seconds,
    ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
  };
  const signed = `${formatPrefix}.${Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url')}`;
  return `${signed}.${sign(options.secret, signed).toString('base64url')}`;
}

/**
 * Checks `token` for `room` at `now`: the signature first (in constant time), then the claims,
 * the expiry and the room. Never throws.
 */
export function verifyRoomToken(token: string, expected: { secret: string; room: string; now: Date }): VerifyRoomTokenResult {
  const parts = token.split('.');
  const [prefix, payload, signature] = parts;
  if (parts.length !== 3 || prefix !== formatPrefix || payload === undefined || signature === undefined || !isBase64url(payload) || !isBase64url(signature)) {
    return refuse('malformed', 'not a Quire room token (expected qr1.<payload>.<signature>)');
  }
  const given = Buffer.from(signature, 'base64url');
  const wanted = sign(expected.secret, `${prefix}.${payload}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return refuse('signature', 'the room token is not signed with this server\'s secret');
  const grant = readClaims(payload);
  if (grant === undefined) return refuse('malformed', 'the room token\'s payload lacks room, user.name, access or exp');
  if (grant.expiresAt.getTime() <= expected.now.getTime()) return refuse('expired', `the room token expired at ${grant.expiresAt.toISOString()}`);
  if (grant.room !== expected.room) return refuse('other_room', 'the room token is for another room');
  return { ok: true, value: grant };
}

function sign(secret: string, text: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(text, 'ascii').digest();
}

function readClaims(payload: string): RoomGrant | undefined {
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const { room, user, access, exp, issuer } = claims as Record<string, unknown>;
  const { name, color } = (typeof user === 'object' && user !== null ? user : {}) as Record<string, unknown>;
  if (typeof room !== 'string' || !isRoomName(room) || !isShortText(name) || (color !== undefined && !isShortText(color))) return undefined;
  if ((access !== 'read' && access !== 'write') || typeof exp !== 'number' || !Number.isSafeInteger(exp)) return undefined;
  if (issuer !== undefined && !isShortText(issuer)) return undefined;
  return {
    room,
    user: color === undefined ? { name } : { name, color },
    access,
    issuer: issuer ?? defaultIssuer,
    expiresAt: new Date(exp * 1000),
  };
}

function isShortText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= maxTextLength;
}

function isBase64url(text: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text);
}

function refuse(refusal: RoomTokenRefusal, reason: string): VerifyRoomTokenResult {
  return { ok: false, refusal, reason };
}
