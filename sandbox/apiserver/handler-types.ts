// What a resource handler is given and what it answers (shared by handlers.ts and patch-handler.ts).
import type { Auth } from "./auth";
import type { Cluster } from "./cluster";
import type { GarbageCollector } from "./gc";
import type { Lister } from "./list";
import type { Obj } from "./types";
import type { WatchHub } from "./watch";

export interface Services {
  c: Cluster;
  lister: Lister;
  hub: WatchHub;
  gc: GarbageCollector;
  auth: Auth;
}
export interface Reply {
  code: number;
  body: Obj;
  warnings?: string[];
  json?: string;
}
