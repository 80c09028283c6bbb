import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { processFacts } from '../config.js';

type JsonSchema = { [key: string]: unknown };

/** Under Vitest every compiled reply is still checked against its zod schema, so a wrong reply fails tests. */
export const VALIDATE_COMPILED_REPLIES = processFacts.underVitest;

const isSimple = (s: unknown): s is JsonSchema & { type: string | string[] } =>
  typeof s === 'object' &&
  s !== null &&
  (typeof (s as JsonSchema).type === 'string' || Array.isArray((s as JsonSchema).type)) &&
  !('properties' in s) &&
  !('items' in s) &&
  !('additionalProperties' in s);

/**
 * The JSON schema fast-json-stringify compiles best: a union of plain types (zod writes an enum or
 * null as anyOf) becomes one type list, which it writes without trying each branch at run time.
 */
export function serializerSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(serializerSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = serializerSchema(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.every(isSimple)) {
    const { anyOf: _branches, ...rest } = out;
    return { ...rest, type: [...new Set(anyOf.flatMap((branch) => branch.type))] };
  }
  return out;
}

/** A JSON writer compiled once from a reply's zod schema, for routes on the hot path. */
export function compileReplySerializer(
  schema: z.ZodType,
  route: { method: string; url: string },
  validate = VALIDATE_COMPILED_REPLIES,
): (data: unknown) => string {
  const jsonSchema = serializerSchema(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }));
  const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  if (!validate) return stringify;
  return (data) => {
    const checked = schema.safeParse(data);
    if (!checked.success) throw new ResponseSerializationError(route.method, route.url, { cause: checked.error });
    return stringify(data);
  };
}
