/**
 * Code imported once: every call gets the same promise, so a later `await` is a settled promise's, not a new
 * `import()` waiting for a task of its own (issue 36). A failed download is asked again at the next call.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
