// The repository served on loopback and one headless Chromium for a test file, started before its
// tests and stopped after them: what most Chromium tests set up first.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createFontEnvironment, launchChromium, serveRepository, type FontEnvironment, type FontWorld, type StaticServer } from './browser-harness.js';

/** The served repository and the browser of a test file, set once its `beforeAll` has run. */
export interface RepositoryInChromium {
  readonly statics: StaticServer;
  readonly browser: Browser;
  /** The fonts Chromium sees, when a {@link FontWorld} was asked for. */
  readonly fonts: FontEnvironment | undefined;
}

/** How {@link useRepositoryInChromium} serves the repository and launches Chromium. */
export interface RepositoryInChromiumOptions {
  /** Added to every HTML answer (a Content-Security-Policy, for example). */
  readonly headers?: Record<string, string>;
  /** Chromium flags besides `chromiumArgs` (host resolver rules, for example). */
  readonly chromiumArgs?: readonly string[];
}

/**
 * Serves the repository and launches Chromium before the calling file's (or `describe`'s) tests,
 * in the font world `world` when one is given (else with the computer's fonts), and stops both
 * after them.
 */
export function useRepositoryInChromium(world?: FontWorld, options: RepositoryInChromiumOptions = {}): RepositoryInChromium {
  const started: { statics?: StaticServer; browser?: Browser; fonts?: FontEnvironment } = {};
  beforeAll(async () => {
    if (world !== undefined) started.fonts = await createFontEnvironment(world);
    started.statics = await serveRepository(options.headers);
    started.browser = await launchChromium(options.chromiumArgs, started.fonts?.env);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.statics?.close();
    await started.fonts?.dispose();
  });
  return {
    get statics() {
      return started.statics!;
    },
    get browser() {
      return started.browser!;
    },
    get fonts() {
      return started.fonts;
    },
  };
}
