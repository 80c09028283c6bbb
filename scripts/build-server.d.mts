// The types of build-server.mjs, for the TypeScript that starts real servers (tests, e2e).
export declare const serverDist: string;
export declare function serverEntry(name: 'main' | 'worker' | 'backup'): string;
export declare function buildServerIfStale(): Promise<boolean>;
