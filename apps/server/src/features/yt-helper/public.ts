// What other features may use of yt-helper/ (docs/architecture.md): the lint refuses any other way in.
// Nothing today: cards/ and workflow/ tell its board about a card through ctx.helperBoard (app.ts).
export {};
