// What other features may use of leave/ (docs/architecture.md): the lint refuses any other way in.
// Nothing: who is on leave today is SQL in kernel/on-leave.ts, which users/ reads too.
export {};
