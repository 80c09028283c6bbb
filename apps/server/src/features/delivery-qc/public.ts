export { announceQcNotes, noteDeliveryQc, type QcNoted } from './qc-notes.js';
