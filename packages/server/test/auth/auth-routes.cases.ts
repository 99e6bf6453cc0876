import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyPrefix } from '../../src/auth/api-key.js';
import type { StoreKind } from '../../src/store/open-database.js';
import { openHarnessStore, startAuthHarness, type AuthHarness, type HarnessStore } from './auth-harness.js';

interface ErrorJson {
  code: string;
  message: string;
  requestId: string;
  details?: unknown;
}

/**
 * Defines the route tests of the key-issuing flow on a fresh store of `kind`, so the same
 * sentences run on PGlite and on PostgreSQL.
 */
export function describeAuthRoutes(kind: StoreKind): void {
  describe(`auth routes on ${kind}`, () => {
    let harness: AuthHarness;
    let store: HarnessStore;
    // Unique per run, so a persistent database never carries limits over between runs.
    const run = randomBytes(4).toString('hex');
    let counter = 0;
    const newEmail = (label: string) => `${label}.${run}.${(counter += 1)}@example.com`;
    const newIp = () => {
      counter += 1;
      return `10.${counter % 250}.${Math.floor(counter / 250) % 250}.${1 + (Number.parseInt(run.slice(0, 2), 16) % 250)}`;
    };

    beforeAll(async () => {
      store = await openHarnessStore(kind);
      harness = await startAuthHarness(store);
    });
    afterAll(async () => {
      await harness?.close();
      await store?.close();
    });

    describe('GET /v1/auth/register', () => {
      it('answers the same JSON for a new address and for one that already holds a key', async () => {
        const known = newEmail('known');
        await harness.obtainKey(known, newIp());
        const unknown = newEmail('unknown');
        const knownResponse = await harness.register(known, newIp());
        const unknownResponse = await harness.register(unknown, newIp());
        expect(knownResponse.status).toBe(200);
        expect(unknownResponse.status).toBe(200);
        const knownBody = (await knownResponse.json()) as Record<string, unknown>;
        const unknownBody = (await unknownResponse.json()) as Record<string, unknown>;
        expect(knownBody).toEqual({ status: 'code_sent', email: known, expiresInSeconds: 600 });
        expect(unknownBody).toEqual({ ...knownBody, email: unknown });
        expect(unknownResponse.headers.get('cache-control')).toBe('no-store');
        expect(knownResponse.headers.get('cache-control')).toBe('no-store');
      });

      it('mails a 6-digit code to the address as typed, with the domain lower-cased', async () => {
        const email = newEmail('Ada.Mixed').replace('example.com', 'Example.COM');
        const response = await harness.register(email);
        expect(response.status).toBe(200);
        const delivered = email.replace('Example.COM', 'example.com');
        const mail = harness.sent.at(-1);
        expect(mail?.to).toBe(delivered);
        expect(mail?.subject).toBe('Your Quire verification code');
        expect(mail?.text).toMatch(/^ {4}\d{6}$/m);
      });

      it('refuses an address with header-injection characters, sending nothing', async () => {
        const before = harness.sent.length;
        for (const email of ['ada@example.com\r\nBcc: victim@example.org', 'ada@example.com,victim@example.org', 'Ada <ada@example.com>']) {
          const response = await harness.register(email);
          expect(response.status).toBe(400);
          expect(((await response.json()) as ErrorJson).code).toBe('AUTH_EMAIL_INVALID');
          expect(response.headers.get('cache-control')).toBe('no-store');
        }
        expect(harness.sent.length).toBe(before);
      });

      it('answers REQUEST_INVALID when the email parameter is missing', async () => {
        const response = await harness.request('/v1/auth/register');
        expect(response.status).toBe(400);
        expect(((await response.json()) as ErrorJson).code).toBe('REQUEST_INVALID');
      });

      it('allows 5 codes per address an hour, then answers 429 with Retry-After until the hour is over', async () => {
        const email = newEmail('limited');
        for (let i = 0; i < 5; i += 1) expect((await harness.register(email, newIp())).status).toBe(200);
        harness.clock.advance(600);
        const refused = await harness.register(email, newIp());
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toBe('3000');
        expect(refused.headers.get('cache-control')).toBe('no-store');
        const body = (await refused.json()) as ErrorJson;
        expect(body.code).toBe('AUTH_RATE_LIMITED');
        expect(body.details).toEqual({ retryAfterSeconds: 3000 });
        // The address-folded form shares the limit.
        expect((await harness.register(email.toUpperCase(), newIp())).status).toBe(429);
        harness.clock.advance(3000);
        expect((await harness.register(email, newIp())).status).toBe(200);
      });

      it('allows 20 codes per client IP an hour, then answers 429 while other IPs still get codes', async () => {
        const ip = newIp();
        for (let i = 0; i < 20; i += 1) expect((await harness.register(newEmail('ip'), ip)).status).toBe(200);
        const sentBefore = harness.sent.length;
        const refused = await harness.register(newEmail('ip'), ip);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBe(3600);
        expect(harness.sent.length).toBe(sentBefore);
        expect((await harness.register(newEmail('ip'), newIp())).status).toBe(200);
      });

      it('counts all IPv6 addresses of one /64 as one client', async () => {
        const prefix = `2001:db8:${run.slice(0, 4)}:${(counter += 1).toString(16)}`;
        for (let i = 0; i < 20; i += 1) expect((await harness.register(newEmail('v6'), `${prefix}::${(i + 1).toString(16)}`)).status).toBe(200);
        expect((await harness.register(newEmail('v6'), `${prefix}:ffff:1:2:3`)).status).toBe(429);
      });

      it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
        const ip = newIp();
        for (let i = 0; i < 20; i += 1) {
          const response = await harness.request(`/v1/auth/register?email=${encodeURIComponent(newEmail('xff'))}`, {
            ip,
            headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
          });
          expect(response.status).toBe(200);
        }
        const refused = await harness.request(`/v1/auth/register?email=${encodeURIComponent(newEmail('xff'))}`, {
          ip,
          headers: { 'x-forwarded-for': '192.0.2.99' },
        });
        expect(refused.status).toBe(429);
      });

      it('limits by the forwarded address when TRUST_PROXY is on', async () => {
        const proxied = await startAuthHarness(store, { settings: { trustProxy: true } });
        try {
          const proxyIp = newIp();
          const client = newIp();
          const viaProxy = (email: string, forwardedFor: string) =>
            proxied.request(`/v1/auth/register?email=${encodeURIComponent(email)}`, { ip: proxyIp, headers: { 'x-forwarded-for': forwardedFor } });
          for (let i = 0; i < 20; i += 1) expect((await viaProxy(newEmail('proxied'), client)).status).toBe(200);
          expect((await viaProxy(newEmail('proxied'), client)).status).toBe(429);
          expect((await viaProxy(newEmail('proxied'), newIp())).status).toBe(200);
        } finally {
          await proxied.close();
        }
      });

      it('sweeps expired codes and finished rate-limit windows, keeping live ones', async () => {
        const fresh = await startAuthHarness(store);
        try {
          const now = fresh.clock.now();
          const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
          const stale = newEmail('stale');
          const live = newEmail('live');
          await store.db
            .insertInto('auth_codes')
            .values([
              { email: stale, code_hmac: '00'.repeat(32), created_at: ago(700), expires_at: ago(100), failed_attempts: 0 },
              { email: live, code_hmac: '11'.repeat(32), created_at: ago(60), expires_at: ago(-540), failed_attempts: 0 },
            ])
            .execute();
          await store.db
            .insertInto('auth_rate_limits')
            .values([
              { bucket: `test:old:${run}`, window_started_at: ago(3601), hits: 3 },
              { bucket: `test:current:${run}`, window_started_at: ago(60), hits: 3 },
            ])
            .execute();
          expect((await fresh.register(newEmail('sweeper'), newIp())).status).toBe(200);
          const codes = await store.db.selectFrom('auth_codes').select('email').where('email', 'in', [stale, live]).execute();
          expect(codes.map((row) => row.email)).toEqual([live]);
          const buckets = await store.db.selectFrom('auth_rate_limits').select('bucket').where('bucket', 'like', `test:%:${run}`).execute();
          expect(buckets.map((row) => row.bucket)).toEqual([`test:current:${run}`]);
        } finally {
          await fresh.close();
        }
      });

      it('answers 503 AUTH_MAIL_UNAVAILABLE when the mail cannot be sent', async () => {
        const failing = await startAuthHarness(store, {
          mailer: {
            send: async () => {
              throw new Error('connection refused');
            },
          },
        });
        try {
          const response = await failing.register(newEmail('nomail'), newIp());
          expect(response.status).toBe(503);
          const body = (await response.json()) as ErrorJson;
          expect(body.code).toBe('AUTH_MAIL_UNAVAILABLE');
          expect(JSON.stringify(body)).not.toContain('connection refused');
        } finally {
          await failing.close();
        }
      });
    });

    describe('GET /v1/auth/verify', () => {
      it('returns a new sd_ key once, with its display prefix, never cached', async () => {
        const email = newEmail('verify');
        await harness.register(email);
        const response = await harness.verify(email, harness.latestCode(email));
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-store');
        const body = (await response.json()) as { apiKey: string; prefix: string; email: string; createdAt: string };
        expect(body.apiKey).toMatch(/^sd_[0-9A-Za-z]{49}$/);
        expect(body.apiKey.startsWith(apiKeyPrefix)).toBe(true);
        expect(body.prefix).toBe(body.apiKey.slice(0, 11));
        expect(body.email).toBe(email);
        expect(body.createdAt).toBe(harness.clock.now().toISOString());
      });

      it('issues a key that authenticates a route behind requireApiKey', async () => {
        const email = newEmail('auth');
        const apiKey = await harness.obtainKey(email);
        const response = await harness.callProtected({ authorization: `Bearer ${apiKey}` });
        expect(response.status).toBe(200);
        const seen = (await response.json()) as { id: number; prefix: string; email: string };
        expect(seen).toMatchObject({ prefix: apiKey.slice(0, 11), email });
        expect(typeof seen.id).toBe('number');
      });

      it('accepts the code only once', async () => {
        const email = newEmail('once');
        await harness.register(email);
        const code = harness.latestCode(email);
        expect((await harness.verify(email, code)).status).toBe(200);
        const again = await harness.verify(email, code);
        expect(again.status).toBe(400);
        expect(((await again.json()) as ErrorJson).code).toBe('AUTH_CODE_INVALID');
      });

      it('accepts the code until 10 minutes have passed, and not after', async () => {
        const early = newEmail('early');
        const late = newEmail('late');
        await harness.register(early);
        await harness.register(late);
        harness.clock.advance(599);
        expect((await harness.verify(early, harness.latestCode(early))).status).toBe(200);
        harness.clock.advance(1);
        const expired = await harness.verify(late, harness.latestCode(late));
        expect(expired.status).toBe(400);
        expect(((await expired.json()) as ErrorJson).code).toBe('AUTH_CODE_INVALID');
      });

      it('kills the code after 5 wrong tries, so even the right code then fails', async () => {
        const email = newEmail('tries');
        await harness.register(email);
        const code = harness.latestCode(email);
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        for (let i = 0; i < 5; i += 1) expect((await harness.verify(email, wrong)).status).toBe(400);
        expect((await harness.verify(email, code)).status).toBe(400);
      });

      it('still accepts the right code after 4 wrong tries', async () => {
        const email = newEmail('four');
        await harness.register(email);
        const code = harness.latestCode(email);
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        for (let i = 0; i < 4; i += 1) expect((await harness.verify(email, wrong)).status).toBe(400);
        expect((await harness.verify(email, code)).status).toBe(200);
      });

      it('replaces the earlier code when a new one is requested', async () => {
        const email = newEmail('replace');
        await harness.register(email);
        const first = harness.latestCode(email);
        await harness.register(email);
        const second = harness.latestCode(email);
        if (first !== second) expect((await harness.verify(email, first)).status).toBe(400);
        expect((await harness.verify(email, second)).status).toBe(200);
        const rows = await store.db.selectFrom('auth_codes').selectAll().where('email', '=', email).execute();
        expect(rows).toEqual([]);
      });

      it('answers wrong, expired, used and exhausted codes with one identical error', async () => {
        const bodies: Array<{ status: number; code: string; message: string }> = [];
        const collect = async (response: Response) => {
          const body = (await response.json()) as ErrorJson;
          bodies.push({ status: response.status, code: body.code, message: body.message });
        };
        const wrongEmail = newEmail('wrong');
        await harness.register(wrongEmail);
        const code = harness.latestCode(wrongEmail);
        await collect(await harness.verify(wrongEmail, code === '000000' ? '000001' : '000000'));
        const usedEmail = newEmail('used');
        await harness.register(usedEmail);
        await harness.verify(usedEmail, harness.latestCode(usedEmail));
        await collect(await harness.verify(usedEmail, harness.latestCode(usedEmail)));
        await collect(await harness.verify(newEmail('never'), '123456'));
        await collect(await harness.verify(wrongEmail, 'abc'));
        const expiredEmail = newEmail('expired');
        await harness.register(expiredEmail);
        harness.clock.advance(601);
        await collect(await harness.verify(expiredEmail, harness.latestCode(expiredEmail)));
        expect(bodies).toHaveLength(5);
        for (const body of bodies) expect(body).toEqual(bodies[0]);
        expect(bodies[0]).toMatchObject({ status: 400, code: 'AUTH_CODE_INVALID' });
      });

      it('issues another, distinct key on each verify: an address may hold several keys', async () => {
        const email = newEmail('several');
        const first = await harness.obtainKey(email);
        const second = await harness.obtainKey(email);
        expect(second).not.toBe(first);
        expect((await harness.callProtected({ authorization: `Bearer ${first}` })).status).toBe(200);
        expect((await harness.callProtected({ authorization: `Bearer ${second}` })).status).toBe(200);
      });

      it('allows 10 verify calls per address an hour, then 429 even for the right code', async () => {
        const email = newEmail('verify-limit');
        // Three fresh codes, each tried wrongly at most 4 times, so no code dies of its 5 tries.
        for (const tries of [4, 4, 2]) {
          await harness.register(email, newIp());
          const code = harness.latestCode(email);
          const wrong = code === '000000' ? '000001' : '000000';
          for (let i = 0; i < tries; i += 1) expect((await harness.verify(email, wrong, newIp())).status).toBe(400);
        }
        const refused = await harness.verify(email, harness.latestCode(email), newIp());
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBe(3600);
        harness.clock.advance(3600);
        expect((await harness.verify(email, harness.latestCode(email), newIp())).status).toBe(400);
      });

      it('allows 60 verify calls per client IP an hour, across addresses', async () => {
        const ip = newIp();
        for (let i = 0; i < 60; i += 1) expect((await harness.verify(newEmail('guess'), '123456', ip)).status).toBe(400);
        const refused = await harness.verify(newEmail('guess'), '123456', ip);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(((await refused.json()) as ErrorJson).code).toBe('AUTH_RATE_LIMITED');
      });

      it('keeps codes and keys only as HMAC and SHA-256, never in clear', async () => {
        const email = newEmail('clear');
        await harness.register(email);
        const code = harness.latestCode(email);
        const pending = await sql<{ row: string }>`select row_to_json(c)::text as row from auth_codes c where email = ${email}`.execute(store.db);
        expect(pending.rows).toHaveLength(1);
        expect(pending.rows[0]?.row).not.toContain(code);
        const stored = await store.db.selectFrom('auth_codes').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
        expect(stored.code_hmac).toMatch(/^[0-9a-f]{64}$/);

        const response = await harness.verify(email, code);
        const { apiKey } = (await response.json()) as { apiKey: string };
        const keyRows = await sql<{ row: string }>`select row_to_json(k)::text as row from api_keys k where email = ${email}`.execute(store.db);
        expect(keyRows.rows).toHaveLength(1);
        const row = keyRows.rows[0]?.row ?? '';
        expect(row).not.toContain(apiKey);
        expect(row).not.toContain(apiKey.slice(11));
        const key = await store.db.selectFrom('api_keys').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
        expect(key.key_hash).toBe(createHash('sha256').update(apiKey).digest('hex'));
        expect(key.prefix).toBe(apiKey.slice(0, 11));
      });
    });

    describe('requireApiKey', () => {
      it('answers 401 AUTH_KEY_MISSING with a bare Bearer challenge when no key is sent', async () => {
        const response = await harness.callProtected();
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="quire"');
        expect(((await response.json()) as ErrorJson).code).toBe('AUTH_KEY_MISSING');
      });

      it('answers AUTH_SCHEME_MISSING for another scheme, with no error code in the challenge (RFC 6750)', async () => {
        const apiKey = await harness.obtainKey(newEmail('basic'));
        const response = await harness.callProtected({ authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}` });
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="quire"');
        expect(((await response.json()) as ErrorJson).code).toBe('AUTH_SCHEME_MISSING');
      });

      it('says the Bearer scheme is missing, not the key, when the key is sent alone', async () => {
        const apiKey = await harness.obtainKey(newEmail('bare'));
        const response = await harness.callProtected({ authorization: apiKey });
        expect(response.status).toBe(401);
        const body = (await response.json()) as ErrorJson;
        expect(body.code).toBe('AUTH_SCHEME_MISSING');
        expect(body.message).toContain('Bearer scheme');
      });

      it('still answers AUTH_KEY_MISSING for the Bearer scheme without a key', async () => {
        const response = await harness.callProtected({ authorization: 'Bearer ' });
        expect(((await response.json()) as ErrorJson).code).toBe('AUTH_KEY_MISSING');
      });

      it('accepts the scheme name in any case', async () => {
        const apiKey = await harness.obtainKey(newEmail('case'));
        expect((await harness.callProtected({ authorization: `bearer ${apiKey}` })).status).toBe(200);
      });

      it('rejects a key with a typo by its checksum, without querying the store', async () => {
        const apiKey = await harness.obtainKey(newEmail('typo'));
        const typo = apiKey.slice(0, 20) + (apiKey[20] === 'x' ? 'y' : 'x') + apiKey.slice(21);
        const queriesBefore = store.queries.length;
        const response = await harness.callProtected({ authorization: `Bearer ${typo}` });
        expect(store.queries.length).toBe(queriesBefore);
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="quire", error="invalid_token"');
        expect(((await response.json()) as ErrorJson).code).toBe('AUTH_KEY_INVALID');
      });

      it('rejects a well-formed key that was never issued after looking it up', async () => {
        const { createApiKey } = await import('../../src/auth/api-key.js');
        const forged = createApiKey(randomBytes).apiKey;
        const queriesBefore = store.queries.length;
        const response = await harness.callProtected({ authorization: `Bearer ${forged}` });
        expect(store.queries.length).toBeGreaterThan(queriesBefore);
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="quire", error="invalid_token"');
        expect(((await response.json()) as ErrorJson).code).toBe('AUTH_KEY_INVALID');
      });

      it('records the last use, writing at most once a minute per key', async () => {
        const email = newEmail('lastused');
        const apiKey = await harness.obtainKey(email);
        const readLastUsed = async () =>
          (await store.db.selectFrom('api_keys').select('last_used_at').where('email', '=', email).executeTakeFirstOrThrow()).last_used_at;
        expect(await readLastUsed()).toBeNull();
        const first = harness.clock.now();
        await harness.callProtected({ authorization: `Bearer ${apiKey}` });
        expect((await readLastUsed())?.getTime()).toBe(first.getTime());

        harness.clock.advance(30);
        const queriesBefore = store.queries.length;
        expect((await harness.callProtected({ authorization: `Bearer ${apiKey}` })).status).toBe(200);
        const issued = store.queries.slice(queriesBefore);
        expect(issued).not.toContain('UpdateQueryNode');
        expect(issued).toContain('SelectQueryNode');
        expect((await readLastUsed())?.getTime()).toBe(first.getTime());

        harness.clock.advance(31);
        await harness.callProtected({ authorization: `Bearer ${apiKey}` });
        expect((await readLastUsed())?.getTime()).toBe(harness.clock.now().getTime());
      });
    });

    describe('DELETE /v1/auth/key', () => {
      it('revokes the calling key (204), which then gets 401 AUTH_KEY_REVOKED, leaving other keys working', async () => {
        const email = newEmail('revoke');
        const doomed = await harness.obtainKey(email);
        const kept = await harness.obtainKey(email);
        const response = await harness.request('/v1/auth/key', { method: 'DELETE', headers: { authorization: `Bearer ${doomed}` } });
        expect(response.status).toBe(204);
        expect(response.headers.get('cache-control')).toBe('no-store');
        const refused = await harness.callProtected({ authorization: `Bearer ${doomed}` });
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="quire", error="invalid_token"');
        expect(((await refused.json()) as ErrorJson).code).toBe('AUTH_KEY_REVOKED');
        const again = await harness.request('/v1/auth/key', { method: 'DELETE', headers: { authorization: `Bearer ${doomed}` } });
        expect(again.status).toBe(401);
        expect((await harness.callProtected({ authorization: `Bearer ${kept}` })).status).toBe(200);
      });

      it('answers 401 with a challenge when no key is sent', async () => {
        const response = await harness.request('/v1/auth/key', { method: 'DELETE' });
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="quire"');
        expect(response.headers.get('cache-control')).toBe('no-store');
      });
    });

    describe('GET /openapi.json', () => {
      it('documents the three auth routes and the apiKey bearer scheme', async () => {
        const response = await harness.request('/openapi.json');
        const doc = (await response.json()) as {
          paths: Record<string, Record<string, { parameters?: Array<{ name: string }>; security?: unknown }>>;
          components: { securitySchemes: Record<string, { scheme: string }> };
        };
        expect(doc.paths['/v1/auth/register']?.get?.parameters?.map((p) => p.name)).toEqual(['email']);
        expect(doc.paths['/v1/auth/verify']?.get?.parameters?.map((p) => p.name).sort()).toEqual(['code', 'email']);
        expect(doc.paths['/v1/auth/key']?.delete?.security).toEqual([{ apiKey: [] }]);
        expect(doc.components.securitySchemes.apiKey?.scheme).toBe('bearer');
      });
    });
  });
}
