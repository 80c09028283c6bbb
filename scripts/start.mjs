// `npm start` (and `npm run worker`): build the web app and the server when their sources changed, then run the
// server's JavaScript bundle in this process (`worker` as the first argument: the background worker alone).
import { buildWebIfStale } from './build-web.mjs';
import { buildServerIfStale, serverEntry } from './build-server.mjs';

const entry = process.argv[2] === 'worker' ? 'worker' : 'main';
if (entry === 'main') buildWebIfStale();
await buildServerIfStale();
// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(serverEntry(entry));
