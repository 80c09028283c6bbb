import { z } from 'zod';
import type { ErrorReply } from '../errors.js';

/** ErrorReply, the shape of every error reply, as the OpenAPI document's `Error` schema. */
export const errorReplySchema = z.object({
  error_message: z.string().describe('What went wrong, in words to show the user'),
  code: z
    .string()
    .describe(
      "An ErrorCode (VALIDATION, NOT_FOUND, …), or Fastify's own code for its client errors (bad JSON, body too large)",
    ),
  field: z.string().optional().describe('The input field that failed, on a validation error'),
  error: z
    .string()
    .optional()
    .describe('The same text as error_message, on the routes whose contract names `errorAlias`'),
}) satisfies z.ZodType<ErrorReply>;
