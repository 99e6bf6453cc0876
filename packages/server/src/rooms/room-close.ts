/**
 * Why the server closes a room socket: a stable `ROOM_*` code (never renamed or reused) with its
 * WebSocket close code, sent as the close reason `CODE: explanation`. Codes 4xxx are Quire's
 * (RFC 6455 section 7.4.2 leaves 4000-4999 to applications) and echo the HTTP status they
 * resemble; a message over the size limit is closed by the WebSocket layer itself with 1009.
 */
export const roomCloseCodes = {
  ROOM_MESSAGE_MALFORMED: 4400,
  ROOM_TOKEN_INVALID: 4401,
  ROOM_TOKEN_OTHER_ROOM: 4403,
  ROOM_NAME_INVALID: 4404,
  ROOM_TOKEN_EXPIRED: 4419,
  ROOM_TOO_MANY_CONNECTIONS: 4429,
  ROOM_TOO_MANY_ROOMS: 4430,
  ROOM_STORE_UNAVAILABLE: 1011,
  SERVER_SHUTTING_DOWN: 1001,
} as const satisfies Record<string, number>;

/** A reason the server closes a room socket. */
export type RoomCloseCode = keyof typeof roomCloseCodes;

/** A close frame to send: the WebSocket code and the reason text. */
export interface RoomClose {
  code: number;
  reason: string;
}

// RFC 6455 section 5.5: a control frame's payload is at most 125 bytes, 2 of them the code.
const maxReasonBytes = 123;

/** The close frame for `code`, its reason `CODE: explanation` cut to what a close frame holds. */
export function roomClose(code: RoomCloseCode, explanation: string): RoomClose {
  let reason = `${code}: ${explanation}`;
  while (Buffer.byteLength(reason) > maxReasonBytes) reason = reason.slice(0, -1);
  return { code: roomCloseCodes[code], reason };
}
