// What other features may use of captions/ (docs/architecture.md): nothing; its routes are wired in app.ts.
export {};
