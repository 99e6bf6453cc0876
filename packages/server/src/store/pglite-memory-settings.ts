/**
 * PostgreSQL settings the embedded store runs with (as `-c name=value` pairs, for PGlite's
 * `startParams` and `initDbStartParams`). PGlite's WebAssembly memory grows but never shrinks, so
 * every buffer PostgreSQL fills stays resident for the life of the process. initdb picks
 * `shared_buffers = 128MB` for a server; the server's tables are small and PGlite reads its
 * files through the operating system's page cache, so 16 MB holds the working set.
 */
export const PGLITE_MEMORY_SETTINGS: readonly string[] = ['-c', 'shared_buffers=16MB'];
