import { ConfigError, loadConfig, type Config } from '../config.js';

/** Stops a command-line entry (the server, the worker, the backup tool) with a message and no stack. */
export function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/** The configuration from the environment; a bad one ends the process with what to fix. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
}
