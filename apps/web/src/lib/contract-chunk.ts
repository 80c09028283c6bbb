// Loaded through loadContract() (contract.ts) only, so the route table comes with the first call, not the first paint.
import { API } from '@cutroom/domain/contract';

export { API };
