// core/v1 Event: what controllers and the console record on objects (docs/kruise-rules.md §9.2).
import type { Event } from "@/lib/k8s/objects";
import type { KindHome } from "./types";

declare module "@/lib/k8s/wire" {
  interface ResourceObjects {
    events: Event;
  }
}

export const eventHome: KindHome<"events"> = {
  resource: "events",
  group: "",
  version: "v1",
  kind: "Event",
  scope: "Namespaced",
  printerColumns: [
    { name: "TYPE", jsonPath: ".type", type: "string" },
    { name: "REASON", jsonPath: ".reason", type: "string" },
    { name: "OBJECT", jsonPath: ".involvedObject.name", type: "string" },
    { name: "MESSAGE", jsonPath: ".message", type: "string" },
  ],
  writes: {},
  cache: { leanListText: true },
};
