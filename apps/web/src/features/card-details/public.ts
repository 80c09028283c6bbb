// What other features may use of card-details/ (docs/architecture.md): nothing; the card query is lib/card's.
export {};
