// The kinds the console knows: this list is the only place they are enumerated (lib/kinds/README.md). Everything
// else (the hub's resource table, the stream's allow-list, access checks, the editor, the URL builder's callers)
// asks the registry.
import type { ResourceName } from "@/lib/k8s/wire";
import { cloneSetHome } from "./cloneset";
import { controllerRevisionHome } from "./controllerrevision";
import { daemonSetHome } from "./daemonset";
import { eventHome } from "./event";
import { batchReleaseHome, kruiseRolloutHome } from "./kruise-rollout";
import { nodeHome } from "./node";
import { podHome } from "./pod";
import { statefulSetHome } from "./statefulset";
import type { KindHome } from "./types";

/** A closed set of kind homes, looked up by resource (plural) name. */
export class KindRegistry {
  private readonly byResource = new Map<string, KindHome>();

  constructor(homes: readonly KindHome[]) {
    for (const h of homes) {
      if (this.byResource.has(h.resource)) throw new Error(`kind ${h.resource} is registered twice`);
      this.byResource.set(h.resource, h);
    }
  }

  /** Whether `resource` is a known kind (the allow-list: docs/architecture.md §5, no generic proxy). */
  has(resource: string): resource is ResourceName {
    return this.byResource.has(resource);
  }

  /** The home of a known kind; throws for an unknown one (validate first: lib/server/validate.ts). */
  get<R extends ResourceName>(resource: R): KindHome<R> {
    const h = this.byResource.get(resource);
    if (!h) throw new Error(`unknown kind ${JSON.stringify(resource)}`);
    return h as KindHome<R>;
  }

  all(): KindHome<ResourceName>[] {
    return [...this.byResource.values()] as KindHome<ResourceName>[];
  }

  names(): ResourceName[] {
    return this.all().map((h) => h.resource);
  }

  /** Kinds whose single objects GET /api/c/<cluster>/ns/<namespace>/<resource>/<name> serves. */
  readable(): ResourceName[] {
    return this.all()
      .filter((h) => h.readable)
      .map((h) => h.resource);
  }

  /** Kinds that offer the write `name` (e.g. "edit"). */
  offering(write: string): ResourceName[] {
    return this.all()
      .filter((h) => Object.prototype.hasOwnProperty.call(h.writes, write))
      .map((h) => h.resource);
  }

  /** A registry with more kinds (a test's kind, a plugin's), leaving this one as it is. */
  with(...homes: KindHome[]): KindRegistry {
    return new KindRegistry([...this.all(), ...homes]);
  }
}

export const KINDS = new KindRegistry([
  cloneSetHome,
  statefulSetHome,
  daemonSetHome,
  podHome,
  controllerRevisionHome,
  eventHome,
  kruiseRolloutHome,
  batchReleaseHome,
  nodeHome,
]);
