// Shared mode (docs/architecture.md §5): who is asking, acting as them, and the write gate.
export { consoleConfig, readConsoleConfig, type AuthMode, type ConsoleConfig } from "./config";
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
export { audit, setAuditSink, flushAudit, type AuditRecord } from "./audit";
export { postSignIn, reviewToken } from "./signin";
export { postSignOut, postActivity, getSession } from "./session-routes";
export { getClusterList } from "./cluster-list";
export { sessionStore, type SessionStore, type Session, type UserInfo } from "./sessions";
export { tokenCheck } from "./stream-viewer";
export { peerOf, PEER_HEADERS, sameAddress, type Peer } from "./peer";
export { ImpersonatingKubeConfig, withBearerToken } from "./impersonation";
