import type { Clusters } from "../clusters";
import type { Shutdown } from "../shutdown";
import type { AuditLog } from "./audit";
import type { ConsoleConfig } from "./config";
import type { ListAccess } from "./list-access";
import type { SharedState } from "./shared";
import type { TokenCheck } from "./token-check";

/**
 * What the identity layer's route logic needs of the process, handed in by the composition root (lib/server/runtime
 * builds it once, from configuration read once): the configuration, the clusters, the shared state, the audit log,
 * the access and token checks, and shutdown, which waits for writes in flight.
 */
export interface AuthState {
  config: ConsoleConfig;
  clusters: Clusters;
  shared: SharedState;
  audit: AuditLog;
  listAccess: ListAccess;
  tokenCheck: TokenCheck;
  shutdown: Shutdown;
}
