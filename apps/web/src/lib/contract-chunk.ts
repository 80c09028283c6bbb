// Loaded through loadContract() (contract.ts) only. An import, not `export … from`: the build's domain-imports
// step rewrites imports to the declaring module, and a re-export from the package's index would bring all of it.
import { API } from '@cutroom/domain';

export { API };
