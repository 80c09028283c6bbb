// The web build replaces the contract's modules with plain data (contract-routes.ts): it must hold every route as the contract declares it.
import { describe, expect, it } from 'vitest';
import { API, allRoutes, type RouteContract } from '@cutroom/domain/contract';
import { contractRouteData } from '../../contract-routes-data';

const routesIn = (value: unknown): RouteContract[] =>
  value && typeof value === 'object'
    ? 'method' in value && 'path' in value
      ? [value as RouteContract]
      : Object.values(value).flatMap(routesIn)
    : [];

describe('the contract as the web build ships it', () => {
  it('names every route of the API with its method, path and access, and nothing else of it', async () => {
    const { modules, api } = await contractRouteData();
    const shipped = Object.fromEntries(api.map(({ key, file, name }) => [key, modules[file]?.[name]]));
    expect(Object.keys(shipped)).toEqual(Object.keys(API));
    const declared = allRoutes();
    const built = routesIn(shipped);
    expect(built).toHaveLength(declared.length);
    expect(built.map(({ method, path, access }) => ({ method, path, access }))).toEqual(
      declared.map(({ method, path, access }) => ({ method, path, access })),
    );
    // No schema, summary or tag made it in: the data is what JSON can hold, and small.
    for (const route of built)
      expect(Object.keys(route).sort()).toEqual(expect.arrayContaining(['access', 'method', 'path']));
    for (const route of built)
      expect(Object.keys(route).every((k) => ['access', 'method', 'path', 'status', 'multipart'].includes(k))).toBe(
        true,
      );
    expect(JSON.parse(JSON.stringify(shipped))).toEqual(shipped);
  });

  it('keeps the move routes the board calls as the workflow module exports them', async () => {
    const { modules } = await contractRouteData();
    expect(Object.keys(modules['workflow.ts']?.MOVE_ROUTES ?? {})).toEqual(Object.keys(API.moves));
  });
});
