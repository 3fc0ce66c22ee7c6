// What a kind's home says about it (lib/kinds/README.md). Plain data plus a few pure functions, so the server (hub,
// routes, access checks), the browser (URLs, editor, lists) and the tests all read the same description.
import type { K8sObject } from "@/lib/k8s/wire";
import type { ManagedEntry } from "@/lib/kruise/view/managed";
import type { WorkloadLens } from "@/lib/kruise/view/workload";

/** A CRD's `additionalPrinterColumns` entry (apiextensions.k8s.io/v1), or the columns kubectl prints for a built-in. */
export interface PrinterColumn {
  name: string;
  /** a simple JSONPath: `.a.b`, `.a[*].b` (the subset printer columns use) */
  jsonPath: string;
  type: "integer" | "number" | "string" | "boolean" | "date";
  /** 0 (default): always printed; 1: only with `-o wide` */
  priority?: number;
}

/** The SelfSubjectAccessReview attributes a control needs, without the object: the kind's home adds group and resource. */
export interface AccessNeed {
  verb: "get" | "list" | "watch" | "create" | "update" | "patch" | "delete";
  /** e.g. "status", "log"; omitted for the object itself */
  subresource?: string;
}

/** A write the console offers on one object: POST …/<resource>/<name>/<write name>. */
export interface WriteSpec {
  /** what the write is allowed to need, checked by `GET …/access` and explained on a 403 */
  needs: readonly AccessNeed[];
  /** the permission the audit line and a 403's explanation name */
  audit: AccessNeed;
}

/** A read beyond get/list/watch the console offers on one object: GET …/<resource>/<name>/<read name>. */
export interface ReadSpec {
  /** what the read needs, checked by `GET …/access` (the page says why when it may not) */
  needs: readonly AccessNeed[];
}

/** How the informer hub keeps objects of this kind (lib/server/hub/cache.ts); all optional. */
export interface CacheShape {
  /** cut every item's managedFields from a LIST's text before parsing (lib/server/lean-json.ts says when it is safe) */
  leanListText?: boolean;
  /** the managedFields entries to keep (default: none) */
  managedFields?: (entries: ManagedEntry[] | undefined) => ManagedEntry[];
  /** what of the object to keep; returns a new object when it drops something */
  trim?: (obj: K8sObject) => K8sObject;
}

/**
 * Where a workload keeps what its `update` write changes (partition, paused, maxUnavailable, maxSurge), and what its
 * partition may be (docs/architecture.md §4).
 */
export interface StrategyShape {
  /** the object holding them: a CloneSet's spec.updateStrategy, an Advanced StatefulSet's or DaemonSet's
   * spec.updateStrategy.rollingUpdate */
  path: readonly string[];
  /** the limits it has */
  limits: readonly ("maxUnavailable" | "maxSurge")[];
  /** "intOrPercent": an int or "p%" (a CloneSet's); "int": a whole number (an ordinal, a count of nodes) */
  partition: "int" | "intOrPercent";
  /** what a whole-number partition counts, for a message ("an ordinal", "a number of nodes") */
  partitionIs?: string;
  /** the kinds its partition preview reads besides its own pods (a DaemonSet's: nodes) */
  previewReads?: readonly string[];
  /** it has spec.replicas, so the update write may scale it (a DaemonSet has none: one pod per chosen node) */
  replicas?: boolean;
}

/**
 * One kind, described once. `resource` is the plural: the name the API, the hub, the stream and every URL use.
 * `ownership`: which kinds' objects this kind controls, and the rule that decides it (lib/kruise/core/owner.ts).
 */
export interface KindHome<R extends string = string> {
  resource: R;
  group: string;
  version: string;
  kind: string;
  scope: "Namespaced" | "Cluster";
  /** a CRD the cluster may lack: its LIST answering 404 means "none here", an empty live list, not an error */
  optional?: boolean;
  /** what to tell a user whose cluster does not serve it (a 404 on its list) */
  absentHint?: string;
  /** GET /api/c/<cluster>/ns/<namespace>/<resource>/<name> serves single objects of this kind */
  readable?: boolean;
  /** a JSON schema the console serves (public/) for the YAML editor's validation, hover and completion */
  schema?: string;
  printerColumns: readonly PrinterColumn[];
  ownership?: { owns: readonly string[]; isOwned: (child: K8sObject, ownerUid: string | undefined) => boolean };
  /** the writes the console offers on it, by write name (the last URL segment) */
  writes: Readonly<Record<string, WriteSpec>>;
  /** reads of a subresource it offers, by name (the last URL segment): a pod's `log` */
  reads?: Readonly<Record<string, ReadSpec>>;
  cache?: CacheShape;
  /**
   * Builds its view model's per-object rows as a large snapshot is decoded, a slice at a time
   * (lib/client/stream-decode.ts), so the page's first render finds them built instead of building thousands at once.
   */
  prepareView?: (items: readonly K8sObject[], now: Date) => void;
  /**
   * A workload kind: how the shared workload views read it (lib/kruise/view/workload.ts). The workload list shows
   * every kind that has one.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each home's lens reads its own object type
  lens?: WorkloadLens<any>;
  /** A workload kind with an `update` write: where its strategy fields are (lib/server/write/update.ts). */
  strategy?: StrategyShape;
}
