// Loaded through loadContract() (contract.ts) only.
export { API } from '@cutroom/domain';
