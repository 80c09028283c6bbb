import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '@cutroom/domain/schemas';
import type { Access } from '@cutroom/domain/contract';
import { makePublic } from './auth.js';

/** A JSON schema / OpenAPI schema object, as far as the fixes below read it. */
type SchemaObject = { [key: string]: unknown };
type Operation = SchemaObject & { responses?: Record<string, unknown> };

const ERROR_REF = { $ref: '#/components/schemas/Error' };
/** Carries each operation's error statuses from the per-route transform to the document (then removed). */
const ERRORS_KEY = 'x-cutroom-errors';
/** What a wildcard path (`/files/*`) calls its rest in the document: OpenAPI paths name every parameter. */
const WILDCARD_NAME = 'path';

const isObject = (value: unknown): value is SchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The 4xx replies a route can give, from what its contract (copied into the route's config and schema)
 * says: its input, who may call it, its rate limit. Every error reply is the one Error shape.
 */
function errorStatuses(route: RouteOptions): Record<string, string> {
  const schema = (route.schema ?? {}) as FastifySchema & { consumes?: string[] };
  const access: Access = route.config?.access ?? 'user';
  const hasInput = Boolean(schema.params || schema.querystring || schema.body || schema.consumes);
  const statuses: Record<string, string> = {};
  if (hasInput) {
    statuses['400'] =
      'The input does not fit its schema (`code` VALIDATION, `field` names it), the body is not JSON, or a value is malformed';
  }
  if (access !== 'public')
    statuses['401'] = 'Not signed in, or the session or token has ended (`code` UNAUTHENTICATED)';
  const write = route.method !== 'GET';
  const refusals = [
    typeof access === 'object' ? `the caller's role is not one of ${access.join(', ')}` : '',
    access !== 'public' ? 'a rule of the call refuses this caller' : '',
    'an API token whose scopes do not open this call',
    access !== 'public' && write && !route.config?.whileTemporaryPassword
      ? 'a temporary password is still to be changed (`code` PASSWORD_CHANGE_REQUIRED)'
      : '',
    access !== 'public' && write ? 'a cookie-signed call without `X-Requested-With: cutroom-web`' : '',
  ];
  statuses['403'] = `Refused: ${refusals.filter(Boolean).join('; ')}`;
  if (schema.params || (access !== 'public' && hasInput)) {
    statuses['404'] = 'Not found, or not visible to the caller (never 403, so ids do not leak)';
  }
  if (schema.consumes?.includes('multipart/form-data')) {
    statuses['413'] = 'The file is larger than allowed, or the storage quota is full';
  }
  if ((route.config && 'rateLimit' in route.config && route.config.rateLimit) || route.config?.limitedInService) {
    statuses['429'] = 'Too many calls from this address; try again later (`code` RATE_LIMITED)';
  }
  return statuses;
}

/**
 * zod turns a nullable union into `{nullable, anyOf}`, which OpenAPI 3.0 reads as "not null" (nullable
 * needs a `type` beside it), and fastify-type-provider-zod can drop a union's branches down to one.
 * Rewrites both, depth first, into what 3.0 means: a null branch in the union, a lone branch merged.
 */
function tidySchema(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(tidySchema);
  if (!isObject(schema)) return;
  for (const value of Object.values(schema)) tidySchema(value);
  for (const combinator of ['anyOf', 'oneOf'] as const) {
    const found = schema[combinator];
    if (!Array.isArray(found)) continue;
    let members: unknown[] = found;
    if (schema.nullable === true && schema.type === undefined) {
      delete schema.nullable;
      members.push({ ...NULL_SCHEMA, enum: [null] });
    }
    // A branch zod could not describe (`{}`) would let anything through the union.
    if (members.some((m) => !isEmpty(m))) members = members.filter((m) => !isEmpty(m));
    const others = members.filter((m) => !isNullSchema(m));
    const only = others.length === 1 ? others[0] : undefined;
    if (isObject(only) && (others.length === members.length || 'type' in only) && mergeable(schema, only, combinator)) {
      delete schema[combinator];
      Object.assign(schema, only);
      if (others.length < members.length) schema.nullable = true;
    } else schema[combinator] = members;
  }
  if (schema.nullable === true && schema.type === undefined) delete schema.nullable;
}

/** OpenAPI 3.0 has no null type: the one value of a nullable type limited to null. */
const NULL_SCHEMA = { type: 'string', nullable: true, enum: [null] };
const isEmpty = (m: unknown) => isObject(m) && Object.keys(m).length === 0;
const isNullSchema = (m: unknown) =>
  isObject(m) && m.nullable === true && Array.isArray(m.enum) && m.enum.length === 1 && m.enum[0] === null;
const mergeable = (schema: SchemaObject, member: SchemaObject, combinator: string) =>
  Object.keys(member).every((key) => !(key in schema) || key === combinator);

/** A route as the document keys it: `GET /api/card/:id` → `GET /api/card/{id}`, `GET /files/*` → `GET /files/{path}`. */
export const documentedRoute = (route: { method: string; path: string }) =>
  `${route.method} ${route.path.replace(/\*$/, `:${WILDCARD_NAME}`).replace(/:(\w+)/g, '{$1}')}`;

/** `/files/*` → `/files/:path`, its `*` parameter renamed to match: `{*}` is no OpenAPI path. */
function nameWildcard(url: string, schema: SchemaObject): string {
  if (!url.endsWith('*')) return url;
  const params = schema.params;
  if (isObject(params) && isObject(params.properties) && '*' in params.properties) {
    const { '*': rest, ...others } = params.properties;
    if (WILDCARD_NAME in others) throw new Error(`${url} already has a parameter named ${WILDCARD_NAME}`);
    params.properties = {
      ...others,
      [WILDCARD_NAME]: { ...(isObject(rest) ? rest : {}), description: 'The rest of the path; slashes may be encoded' },
    };
    const required: unknown = params.required;
    if (Array.isArray(required)) params.required = required.map((p: unknown) => (p === '*' ? WILDCARD_NAME : p));
  }
  return `${url.slice(0, -1)}:${WILDCARD_NAME}`;
}

// In place of fastify-type-provider-zod's own override, which drops a union's branches that are still empty when
// it runs (zod fills some in later: `linkList` lost its pipe-separated text form); tidySchema tidies the whole document.
const toJsonSchema = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date')
        Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  },
});

/** The per-route step: JSON schemas from zod, named wildcards, and the route's error statuses. */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = toJsonSchema(input);
  const out = (schema ?? {}) as SchemaObject;
  if (out.hide) return { schema: out, url };
  out[ERRORS_KEY] = errorStatuses(input.route);
  return { schema: out, url: nameWildcard(url, out) };
};

/** The whole-document step: the Error schema, each operation's error replies, OpenAPI 3.0 nullability. */
function finishDocument(doc: SchemaObject): SchemaObject {
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  tidySchema(schemas);
  schemas.Error = z.toJSONSchema(errorReplySchema, { target: 'openapi-3.0', io: 'output' });
  delete (schemas.Error as SchemaObject).$schema;
  doc.components = { ...components, schemas };
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const op of Object.values(item) as Operation[]) {
      if (!isObject(op)) continue;
      tidySchema(op.parameters);
      tidySchema(op.requestBody);
      tidySchema(op.responses);
      const statuses = op[ERRORS_KEY];
      delete op[ERRORS_KEY];
      if (!isObject(statuses)) continue;
      const errorReply = (description: unknown) => ({
        description,
        content: { 'application/json': { schema: ERROR_REF } },
      });
      const responses = { ...op.responses };
      for (const [status, description] of Object.entries(statuses)) responses[status] ??= errorReply(description);
      responses.default ??= errorReply(
        'Any other error, in the same shape: a conflict (409), a file too large (413), the server (5xx)',
      );
      op.responses = responses;
    }
  }
  return doc;
}

/** OpenAPI from the route schemas at /api/openapi.json, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cutroom API',
        version: '1.0.0',
        description:
          "Send `Authorization: Bearer <access_token>` from POST /api/login on every other call, and `user-time-zone: <IANA zone>`. Every error reply is `{error_message, code}` (the `Error` schema). Each operationId is the call's key in the contract (`API.dashboard.staff` → `dashboardStaff`), so generated clients keep their names.",
      },
      servers: [{ url: '/', description: 'The server that serves this document (PUBLIC_URL when deployed)' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject: (input) => finishDocument(('openapiObject' in input ? input.openapiObject : {}) as SchemaObject),
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', makePublic);
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Opened over plain http at the machine's address, upgrade-insecure-requests turned every asset to https: a blank page.
      transformStaticCSP: (header: string) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
