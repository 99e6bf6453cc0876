/** What a room name may be: 1 to 128 letters, digits, dots, underscores and hyphens (safe in a path, a log line and a NOTIFY payload). */
export const roomNamePattern = /^[A-Za-z0-9._-]{1,128}$/;

/** Whether `name` is a valid room name (see {@link roomNamePattern}). */
export function isRoomName(name: string): boolean {
  return roomNamePattern.test(name);
}
