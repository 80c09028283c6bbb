// What other features may use of promises/ (docs/architecture.md): the lint refuses any other way in.
export { refreshPromises, refreshPromisesAfterChange } from './promises.service.js';
