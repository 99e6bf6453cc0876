import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/create-server.js';
import { openDatabase } from '../../src/store/open-database.js';
import { prepareTestStore, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { buildReport, postReport } from '../server-harness.js';

describe('the embedded store', () => {
  let settings: TestStoreSettings;
  beforeAll(async () => {
    settings = await prepareTestStore('pglite');
  });
  afterAll(() => settings.dispose());

  const start = () => createServer({ env: {}, dataDir: settings.dataDir, logger: pino({ level: 'silent' }) });

  it('keeps an acknowledged report and the generated secret across a restart', async () => {
    const first = await start();
    const response = await first.fetch(
      new Request('http://quire.test/v1/collect', postReport(buildReport(['d'.repeat(64)]), { 'x-license-key': 'org-durable' })),
    );
    expect(response.status).toBe(202);
    const secret = first.config.secret;
    await first.close();

    const reopened = await openDatabase({ databaseUrl: undefined, dataDir: settings.dataDir });
    const rows = await reopened.db.selectFrom('billing_documents').select('document_id').where('license_key', '=', 'org-durable').execute();
    await reopened.close();
    expect(rows).toEqual([{ document_id: 'd'.repeat(64) }]);

    const second = await start();
    expect(second.config.secret).toBe(secret);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await second.close();
  });

  it('refuses to open a data folder that a running server holds', async () => {
    const running = await start();
    await expect(start()).rejects.toThrow(/in use by another Quire process/);
    await running.close();
  });
});
