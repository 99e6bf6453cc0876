/** What the hosting adapter tells the app about the connection (e.g. `quire serve` on Node). */
export interface ConnectionInfo {
  /** The peer's IP address, when the runtime knows it. */
  remoteAddress?: string;
}

/** The Hono environment of every server route: connection bindings and per-request variables. */
export interface AppEnv {
  Bindings: ConnectionInfo;
  Variables: {
    /** The request id echoed in `X-Request-Id` and in error bodies. */
    requestId: string;
  };
}
