// What other features may use of markers/ (docs/architecture.md): the lint refuses any other way in.
// Nothing: its route is wired in app.ts.
export {};
