import path from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');

/** Loads a config as `vite build` does and returns what Vite warned about while loading it. */
async function warningsLoading(file: string): Promise<string[]> {
  const warnings: string[] = [];
  const logger = createLogger('warn');
  logger.warn = (message) => void warnings.push(message);
  logger.warnOnce = (message) => void warnings.push(message);
  await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(repo, file), repo, 'warn', logger);
  return warnings;
}

// Vite printed its `configLoader: 'native'` warning on every build and test run (issue 33): imports without
// an extension, which the loader planned as Vite's default cannot follow.
describe('configs Vite loads', () => {
  it.each(['apps/web/vite.config.ts', 'apps/server/vitest.pg.config.ts', 'apps/server/vitest.pglite.config.ts'])(
    '%s loads without a warning',
    async (file) => {
      expect(await warningsLoading(file)).toEqual([]);
    },
  );
});
