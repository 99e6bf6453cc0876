// Starts the server for POST /v1/convert tests and sends forms to it with a real API key.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { createApiKey } from '../../src/auth/api-key.js';
import { insertApiKey } from '../../src/auth/key-store.js';
import type { CreateServerOptions } from '../../src/create-server.js';
import type { StoreKind } from '../../src/store/open-database.js';
import type { Database } from '../../src/store/schema.js';
import { buildMultipart, type FormPart } from '../convert/multipart.js';
import { startServerHarness, type ServerHarness } from '../server-harness.js';

/** A server with one issued key, and a way to post forms to `/v1/convert`. */
export interface ConvertHarness extends ServerHarness {
  /** A valid key (`sd_...`) issued in the store. */
  apiKey: string;
  /** Posts `parts` as multipart/form-data to `/v1/convert?<query>` with `key` (default `apiKey`). */
  convert(query: string, parts: readonly FormPart[], key?: string): Promise<Response>;
  /** Posts a raw body with the given Content-Type. */
  convertRaw(query: string, body: BodyInit | null, contentType: string | undefined, key?: string): Promise<Response>;
  /** Issues another key. */
  issueKey(email: string): Promise<string>;
}

/** Stores a new key for `email` the way verify does, and returns the secret. */
export async function issueTestKey(db: Kysely<Database>, email: string): Promise<string> {
  const key = createApiKey((length) => new Uint8Array(randomBytes(length)));
  await insertApiKey(db, { prefix: key.prefix, keyHash: key.hash, email, createdAt: new Date('2026-01-01T00:00:00Z') });
  return key.apiKey;
}

/** Starts a server on a fresh store of `kind` (settings in `overrides`) and issues one key. */
export async function startConvertHarness(kind: StoreKind, overrides: Partial<CreateServerOptions> = {}): Promise<ConvertHarness> {
  const harness = await startServerHarness(kind, overrides);
  const apiKey = await issueTestKey(harness.db, 'ada@example.com');
  const convertRaw = (query: string, body: BodyInit | null, contentType: string | undefined, key = apiKey) =>
    harness.request(`/v1/convert${query ? `?${query}` : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  return {
    ...harness,
    apiKey,
    convertRaw,
    convert(query, parts, key) {
      const { body, contentType } = buildMultipart(parts);
      return convertRaw(query, body, contentType, key);
    },
    issueKey: (email) => issueTestKey(harness.db, email),
  };
}

/** Returns the JSON error body of a failed response, checking its shape. */
export async function errorBody(response: Response): Promise<{ code: string; message: string; details?: unknown }> {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (await response.json()) as { code: string; message: string; details?: unknown };
}
