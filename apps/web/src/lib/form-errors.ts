/** What a zod schema's safeParse gives back, typed structurally so the web app needs no zod import. */
interface Checkable {
  safeParse(
    values: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The first message per field of a schema check, in the shape Mantine's form expects. */
export function zodFieldErrors(schema: Checkable, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
