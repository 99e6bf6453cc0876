import { describe, expect, it } from 'vitest';
import { findAllowedMethods } from '../../src/http/allowed-methods.js';

const routes = [
  { method: 'ALL', path: '*' },
  { method: 'GET', path: '/v1/health' },
  { method: 'POST', path: '/v1/collect' },
  { method: 'OPTIONS', path: '/v1/collect' },
  { method: 'DELETE', path: '/v1/keys/:prefix' },
];

describe('findAllowedMethods', () => {
  it('lists the methods of the matching static path, adding HEAD for GET', () => {
    expect(findAllowedMethods(routes, '/v1/health')).toEqual(['GET', 'HEAD']);
    expect(findAllowedMethods(routes, '/v1/collect')).toEqual(['OPTIONS', 'POST']);
  });

  it('matches parameterised paths segment by segment', () => {
    expect(findAllowedMethods(routes, '/v1/keys/sd_abc')).toEqual(['DELETE']);
    expect(findAllowedMethods(routes, '/v1/keys/sd_abc/extra')).toEqual([]);
  });

  it('returns nothing for an unknown path, ignoring catch-all middleware', () => {
    expect(findAllowedMethods(routes, '/v2/health')).toEqual([]);
  });
});
