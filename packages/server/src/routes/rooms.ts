import { createRoute, z } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import { createRouter } from '../http/create-router.js';
import { errorResponses } from '../http/openapi-errors.js';
import { roomNamePattern } from '../rooms/room-name.js';

const roomRoute = createRoute({
  method: 'get',
  path: '/v1/rooms/{room}',
  summary: 'Join a room for editing together (WebSocket only)',
  description:
    'Upgrade to a WebSocket with `?token=` (a room token) to join the room: the Yjs sync and awareness protocols, described with the close codes in docs/collaboration.md. ' +
    'The host (`quire serve`) takes the upgrade before this handler; a plain request is answered 426.',
  request: {
    params: z.object({ room: z.string().regex(roomNamePattern).openapi({ example: 'contract-42' }) }),
    query: z.object({ token: z.string().optional().openapi({ description: 'A room token (qr1.<payload>.<signature>).' }) }),
  },
  responses: errorResponses(426),
});

/** Returns the router of `GET /v1/rooms/{room}` for requests that are not WebSocket upgrades: 426 with `Upgrade: websocket`. */
export function roomRoutes(): ReturnType<typeof createRouter> {
  const router = createRouter();
  router.openapi(roomRoute, () => {
    throw new ApiError('ROOM_UPGRADE_REQUIRED', { headers: { upgrade: 'websocket' } });
  });
  return router;
}
