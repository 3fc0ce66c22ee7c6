// The informer hub (docs/architecture.md §3.1). The process's one hub is built by the composition root
// (lib/server/runtime), so Next's route bundles all share one set of upstream watches.
export { InformerHub } from "./hub";
export type { HubOptions, ScopeKey } from "./types";
