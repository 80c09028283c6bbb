// Loaded through loadContract() (contract.ts) only.
export { API, TAB_HEADER } from '@cutroom/domain';
