// The repository served on loopback and one headless Chromium for a test file, started before its
// tests and stopped after them: what most Chromium tests set up first.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, serveRepository, type StaticServer } from './browser-harness.js';

/** The served repository and the browser of a test file, set once its `beforeAll` has run. */
export interface RepositoryInChromium {
  readonly statics: StaticServer;
  readonly browser: Browser;
}

/**
 * Serves the repository and launches Chromium (with `env` added to its environment, e.g. a
 * `FONTCONFIG_FILE`) before the calling file's tests, and stops both after them.
 */
export function useRepositoryInChromium(env?: Readonly<Record<string, string>>): RepositoryInChromium {
  const started: { statics?: StaticServer; browser?: Browser } = {};
  beforeAll(async () => {
    started.statics = await serveRepository();
    started.browser = await launchChromium([], env);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.statics?.close();
  });
  return {
    get statics() {
      return started.statics!;
    },
    get browser() {
      return started.browser!;
    },
  };
}
