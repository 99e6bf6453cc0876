/** Lifetimes of the dashboard; {@link defaultDashboardPolicy} holds the documented values. */
export interface DashboardPolicy {
  /** Seconds a session lasts from sign-in; it is not extended by use. */
  sessionTtlSeconds: number;
}

/** Two-hour sessions: long enough to read the figures, short enough that a forgotten tab does not stay signed in. */
export const defaultDashboardPolicy: DashboardPolicy = {
  sessionTtlSeconds: 2 * 3600,
};
