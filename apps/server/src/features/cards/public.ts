// What other features may use of cards/ (docs/architecture.md): the lint refuses any other way in.
// Reading a card (access, view, visibility, policy facts) lives below the features, in kernel/.
