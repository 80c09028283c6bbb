import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLES } from '../roles.js';
import { MOVE_CALLS } from '../transitions.js';
import { API, MOVE_ROUTES, allRoutes, operationIdOf, pathOf } from './index.js';

describe('the route contract', () => {
  const routes = allRoutes();

  it('declares each method and path once', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('POST /api/getCards');
  });

  it('names every path parameter in its params schema, and only those (a trailing * is the parameter *)', () => {
    for (const r of routes) {
      const inPath = [...r.path.matchAll(/:(\w+)|\*$/g)].map((m) => m[1] ?? '*').sort();
      const declared = r.params instanceof z.ZodObject ? Object.keys(r.params.shape).sort() : [];
      expect(declared, `${r.method} ${r.path}`).toEqual(inPath);
    }
  });

  it('gives access as public, any user, or a non-empty list of real roles', () => {
    for (const r of routes) {
      if (typeof r.access === 'string') expect(['public', 'user']).toContain(r.access);
      else {
        expect(r.access.length, r.path).toBeGreaterThan(0);
        for (const role of r.access) expect(ROLES).toContain(role);
      }
    }
  });

  it('has one move route per move call, at the call’s own path', () => {
    expect(Object.keys(MOVE_ROUTES).sort()).toEqual([...MOVE_CALLS].sort());
    for (const call of MOVE_CALLS) expect(MOVE_ROUTES[call].path).toBe(`/api/card/:id/${call}`);
  });

  it('fills a path from its params, encoded', () => {
    expect(pathOf(API.chat.edit.path, { id: 5, noteId: 9 })).toBe('/api/card/5/comment/9');
    expect(pathOf('/api/x/:name', { name: 'a/b c' })).toBe('/api/x/a%2Fb%20c');
  });

  it('names each route by its contract key for the OpenAPI document: stable, unique, an identifier', () => {
    expect(operationIdOf(API.dashboard.staff)).toBe('dashboardStaff');
    expect(operationIdOf(API.chat.customer.comments)).toBe('chatCustomerComments');
    expect(operationIdOf(MOVE_ROUTES.moveToQa)).toBe('movesMoveToQa');
    const ids = routes.map((r) => operationIdOf(r));
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(routes.length);
    expect(operationIdOf({ ...API.auth.login })).toBeUndefined();
  });
});
