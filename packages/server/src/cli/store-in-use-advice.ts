// What a command that reads the embedded store can do instead while `quire serve` holds it: PGlite
// allows one process per data folder, so the CLI cannot open it next to a running server.
const adviceByCommand: Record<string, string> = {
  usage:
    'While the server runs, read the same figures from it: GET /v1/usage?month=YYYY-MM (or /v1/usage/summary) ' +
    'with Authorization: Bearer $QUIRE_ADMIN_TOKEN, or your sd_ key for your own licences.',
  keys: 'Keys are listed and revoked only here: stop the server for a moment, or use PostgreSQL, with which both can run.',
  rooms: 'Set QUIRE_SECRET (for the server and this command alike) to mint room tokens while the embedded server runs, or use PostgreSQL.',
  licences: 'Licences are managed only here: stop the server for a moment, or use PostgreSQL, with which both can run.',
};

/** Returns what `command` can do while a server holds the embedded store, or undefined for none. */
export function adviseStoreInUse(command: string): string | undefined {
  return adviceByCommand[command];
}
