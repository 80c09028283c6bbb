// The types of build-web.mjs, for the TypeScript that builds the web app before starting a server (e2e).
export declare const root: string;
export declare function newestMtime(target: string): number;
export declare function buildWebIfStale(): void;
export declare function runQuietly(
  command: string,
  options?: { cwd?: string; env?: NodeJS.ProcessEnv; log?: (line: string) => void },
): void;
