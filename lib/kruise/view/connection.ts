/**
 * Connection state as the page shows it. Several streams (clonesets, pods, revisions, events) feed
 * one page; the page shows the worst of them so stale data never looks live (docs/architecture.md §3).
 * The shape mirrors lib/client's ConnectionState structurally (lib/kruise stays pure).
 */
export type ConnState = "connecting" | "live" | "reconnecting" | "stale" | "error";

export interface ConnLike {
  state: ConnState;
  since?: string;
  error?: { code?: number; reason?: string; message?: string };
}

const RANK: Record<ConnState, number> = { live: 0, connecting: 1, reconnecting: 2, stale: 3, error: 4 };

/** The worst state of the page's streams; for stale, the earliest `since`. */
export function combineConnections(states: (ConnLike | undefined)[]): ConnLike {
  const present = states.filter((s): s is ConnLike => !!s);
  if (present.length === 0) return { state: "connecting" };
  let worst = present[0];
  for (const s of present.slice(1)) {
    if (RANK[s.state] > RANK[worst.state]) worst = s;
    else if (s.state === worst.state && s.since && (!worst.since || s.since < worst.since)) worst = s;
  }
  return worst;
}

export interface ConnectionView {
  state: ConnState;
  /** Short text, always shown beside the icon: state is never conveyed by colour alone. */
  label: string;
  /** Longer explanation (tooltip / error panel). */
  detail: string;
  tone: "ok" | "info" | "warn" | "bad";
  icon: string;
}

function clock(iso: string | undefined): string {
  if (!iso) return "";
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? "" : t.toISOString().slice(11, 19) + " UTC";
}

/** Text for the connection badge: live / reconnecting / stale since T / error with its reason. */
export function connectionView(c: ConnLike): ConnectionView {
  switch (c.state) {
    case "live":
      return { state: c.state, label: "Live", detail: "Receiving changes as they happen.", tone: "ok", icon: "●" };
    case "connecting":
      return { state: c.state, label: "Connecting…", detail: "Loading the first snapshot.", tone: "info", icon: "◌" };
    case "reconnecting":
      return {
        state: c.state,
        label: "Reconnecting…",
        detail: "The watch dropped; data shown may be behind until it resumes.",
        tone: "warn",
        icon: "↻",
      };
    case "stale":
      return {
        state: c.state,
        label: `Stale since ${clock(c.since) || "unknown"}`,
        detail: "Not receiving changes. What you see may be out of date.",
        tone: "warn",
        icon: "‖",
      };
    default: {
      const e = c.error;
      const why = e ? `${e.code ?? ""} ${e.reason ?? ""}: ${e.message ?? ""}`.trim() : "unknown error";
      return { state: "error", label: `Error${e?.reason ? `: ${e.reason}` : ""}`, detail: why, tone: "bad", icon: "✕" };
    }
  }
}

/**
 * What a 403 is missing, from the Kubernetes Forbidden message
 * (`User "x" cannot list resource "clonesets" in API group "apps.kruise.io" in the namespace "ns"`,
 * k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go: forbiddenMessage).
 */
export function missingPermission(message: string | undefined): string | null {
  if (!message) return null;
  const m =
    /cannot (\w+) resource "([^"]+)"(?: in API group "([^"]*)")?(?: in the namespace "([^"]+)"| at the cluster scope)?/.exec(
      message,
    );
  if (!m) return null;
  const [, verb, resource, group, ns] = m;
  const res = group ? `${resource}.${group}` : resource;
  return `${verb} ${res} ${ns ? `in namespace "${ns}"` : "at cluster scope"}`;
}

/** Reconnecting, stale or failed: what is on screen may be behind the cluster (the page is dimmed, never "live"). */
export function notLive(state: string): boolean {
  return state === "reconnecting" || state === "stale" || state === "error";
}
