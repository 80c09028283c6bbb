// `npm start`: build the web app if its sources changed, then run the server in this process.
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { buildWebIfStale, root } from './build-web.mjs';

buildWebIfStale();
register();
await import(path.join(root, 'apps/server/src/main.ts'));
