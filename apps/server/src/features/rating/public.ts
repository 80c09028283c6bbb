// What other features may use of rating/ (docs/architecture.md): the lint refuses any other way in.
export { nameSql } from './ratings.service.js';
