// Shared mode (docs/architecture.md §5): who is asking, acting as them, and the write gate.
export { readConsoleConfig, type AuthMode, type ConsoleConfig } from "./config";
export type { AuthState } from "./state";
export type { SharedState } from "./shared";
export {
  resolveCaller,
  assertCsrf,
  sessionIdOf,
  SESSION_COOKIE,
  CSRF_HEADER,
  type Caller,
  type ResolveOptions,
} from "./caller";
export { actorFor, LOCAL_CALLER, type Actor } from "./actor";
export { asCaller, asWriter, explainForbidden, type WriteContext, type WriteTarget as AuditTarget } from "./guard";
export { AuditLog, type AuditRecord } from "./audit";
export { postSignIn, reviewToken } from "./signin";
export { postSignOut, postActivity, getSession } from "./session-routes";
export type { SessionStore, Session, UserInfo } from "./sessions";
export { streamViewer } from "./stream-viewer";
export { ListAccess } from "./list-access";
export { TokenCheck } from "./token-check";
export { getClusterList } from "./cluster-list";
export { peerOf, PEER_HEADERS, sameAddress, type Peer } from "./peer";
export { ImpersonatingKubeConfig, withBearerToken } from "./impersonation";
