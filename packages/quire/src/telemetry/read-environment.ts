import type { TelemetryEnvironment } from './types.js';

/**
 * Reads the page environment from the global object at call time. In Node or during server-side
 * rendering the members that do not exist are simply absent.
 */
export function readGlobalEnvironment(): TelemetryEnvironment {
  const scope = globalThis as Partial<TelemetryEnvironment>;
  return { navigator: scope.navigator, location: scope.location, screen: scope.screen, document: scope.document };
}

/**
 * Returns the URL a relative endpoint is resolved against: the document base URL (which honours
 * `<base href>`, as fetch does), else the page address; `undefined` outside a page.
 */
export function readBaseUrl(environment: TelemetryEnvironment): string | undefined {
  const candidates = [environment.document?.baseURI, environment.location?.href];
  return candidates.find((url): url is string => typeof url === 'string' && url !== '');
}
