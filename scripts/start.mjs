// `npm start` (and `npm run worker`, `backup`, `restore`): build the web app and the server when their sources
// changed, then run one of the server's JavaScript bundles in this process: the server, or the entry the first
// argument names (`worker`: the background worker alone; `backup`: the backup tool), with the arguments after it.
import { buildWebIfStale } from './build-web.mjs';
import { buildServerIfStale, serverEntry } from './build-server.mjs';

const ENTRIES = ['main', 'worker', 'backup'];
const entry = ENTRIES.includes(process.argv[2]) ? process.argv[2] : 'main';
// The entry reads its own arguments from process.argv, as if it had been started directly.
process.argv.splice(2, entry === process.argv[2] ? 1 : 0);
if (entry === 'main') buildWebIfStale();
await buildServerIfStale();
// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(serverEntry(entry));
