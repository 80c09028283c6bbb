/** What the two server projects share: the same files on PGlite and on PostgreSQL (docs/testing.md). */
export const serverTestOptions = {
  // Migrates once per run; each file's database is a copy of it.
  globalSetup: ['src/test/database-template.ts'],
  setupFiles: ['src/test/setup.ts'],
  // Each file builds its own app on its own database; sharing the worker's modules saves their import per file.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
