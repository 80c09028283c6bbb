// What the first page's code reaches of packages/domain must not import zod (issue 17's first-load budget):
// the API contract (every route with its schemas) and the tab header come in a chunk of their own, fetched
// when the first call is made, in parallel with the route's code.
export const loadContract = () => import('./contract-chunk');
