import { humanDuration as ageText } from "@/lib/kruise/view/format";
import type { Obj } from "./types";

/**
 * apimachinery `pkg/util/duration` HumanDuration (the AGE text kube prints for built-ins): the
 * dashboard's rule, plus kube's "<invalid>" for times more than a second in the future.
 */
export function humanDuration(ms: number): string {
  return Math.floor(ms / 1000) < -1 ? "<invalid>" : ageText(ms);
}

export interface Column {
  name: string;
  type: string;
  format?: string;
  description: string;
  priority: number;
}
export interface Printer {
  columns: Column[];
  cells(o: Obj, now: Date): unknown[];
}

const col = (name: string, type = "string", priority = 0, format = ""): Column => ({
  name,
  type,
  format,
  description: `${name} column`,
  priority,
});
const nameCol: Column = {
  name: "Name",
  type: "string",
  format: "name",
  priority: 0,
  description:
    "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: http://kubernetes.io/docs/user-guide/identifiers#names",
};

const age = (o: Obj, now: Date) => {
  const t = Date.parse(o.metadata?.creationTimestamp ?? "");
  return Number.isNaN(t) ? "<unknown>" : humanDuration(now.getTime() - t);
};

/** Pod STATUS text as `kubectl get pods` shows it (kube `pkg/printers/internalversion/printers.go` printPod). */
export function podStatus(pod: Obj): string {
  let reason: string = pod.status?.reason || pod.status?.phase || "";
  const inits: Obj[] = pod.status?.initContainerStatuses ?? [];
  let initializing = false;
  inits.forEach((c, i) => {
    const t = c.state?.terminated,
      w = c.state?.waiting;
    if (t && t.exitCode === 0) return;
    if (initializing) return;
    initializing = true;
    if (t)
      reason = t.reason ? `Init:${t.reason}` : t.signal ? `Init:Signal:${t.signal}` : `Init:ExitCode:${t.exitCode}`;
    else if (w?.reason && w.reason !== "PodInitializing") reason = `Init:${w.reason}`;
    else reason = `Init:${i}/${(pod.spec?.initContainers ?? []).length}`;
  });
  if (!initializing) {
    let hasRunning = false;
    for (const c of [...(pod.status?.containerStatuses ?? [])].reverse()) {
      const t = c.state?.terminated,
        w = c.state?.waiting;
      if (w?.reason) reason = w.reason;
      else if (t?.reason) reason = t.reason;
      else if (t) reason = t.signal ? `Signal:${t.signal}` : `ExitCode:${t.exitCode}`;
      else if (c.ready && c.state?.running) hasRunning = true;
    }
    if (reason === "Completed" && hasRunning) reason = "Running";
  }
  if (pod.metadata?.deletionTimestamp && pod.status?.reason === "NodeLost") reason = "Unknown";
  else if (pod.metadata?.deletionTimestamp) reason = "Terminating";
  return reason;
}

const podPrinter: Printer = {
  columns: [
    nameCol,
    col("Ready"),
    col("Status"),
    col("Restarts", "integer"),
    col("Age"),
    col("IP", "string", 1),
    col("Node", "string", 1),
    col("Nominated Node", "string", 1),
    col("Readiness Gates", "string", 1),
  ],
  cells: (p, now) => {
    const cs: Obj[] = p.status?.containerStatuses ?? [];
    const gates: Obj[] = p.spec?.readinessGates ?? [];
    const conds: Obj[] = p.status?.conditions ?? [];
    const gatesOk = gates.filter((g) => conds.some((c) => c.type === g.conditionType && c.status === "True")).length;
    return [
      p.metadata.name,
      `${cs.filter((c) => c.ready).length}/${(p.spec?.containers ?? []).length}`,
      podStatus(p),
      cs.reduce((n, c) => n + (c.restartCount ?? 0), 0),
      age(p, now),
      p.status?.podIP || "<none>",
      p.spec?.nodeName || "<none>",
      p.status?.nominatedNodeName || "<none>",
      gates.length ? `${gatesOk}/${gates.length}` : "<none>",
    ];
  },
};

function nodeStatus(n: Obj): string {
  const ready = (n.status?.conditions ?? []).find((c: Obj) => c.type === "Ready");
  const s = !ready ? "Unknown" : ready.status === "True" ? "Ready" : "NotReady";
  return n.spec?.unschedulable ? `${s},SchedulingDisabled` : s;
}

const printers: Record<string, Printer> = {
  "/pods": podPrinter,
  "/namespaces": {
    columns: [nameCol, col("Status"), col("Age")],
    cells: (o, now) => [o.metadata.name, o.status?.phase ?? "", age(o, now)],
  },
  "/nodes": {
    columns: [nameCol, col("Status"), col("Roles"), col("Age"), col("Version"), col("Internal-IP", "string", 1)],
    cells: (o, now) => {
      const roles = Object.keys(o.metadata.labels ?? {})
        .filter((k) => k.startsWith("node-role.kubernetes.io/"))
        .map((k) => k.slice(24));
      const ip = (o.status?.addresses ?? []).find((a: Obj) => a.type === "InternalIP")?.address ?? "<none>";
      return [
        o.metadata.name,
        nodeStatus(o),
        roles.join(",") || "<none>",
        age(o, now),
        o.status?.nodeInfo?.kubeletVersion ?? "",
        ip,
      ];
    },
  },
  "/events": {
    columns: [col("Last Seen"), col("Type"), col("Reason"), col("Object"), col("Message")],
    cells: (o, now) => {
      const t = o.lastTimestamp || o.eventTime || o.metadata.creationTimestamp;
      const last = t ? humanDuration(now.getTime() - Date.parse(t)) : "<unknown>";
      return [
        last,
        o.type ?? "",
        o.reason ?? "",
        `${String(o.involvedObject?.kind ?? "").toLowerCase()}/${o.involvedObject?.name ?? ""}`,
        o.message ?? "",
      ];
    },
  },
  "apps/controllerrevisions": {
    columns: [nameCol, col("Controller"), col("Revision", "integer"), col("Age")],
    cells: (o, now) => {
      const ctl = (o.metadata.ownerReferences ?? []).find((r: Obj) => r.controller);
      const gv = String(ctl?.apiVersion ?? "").split("/")[0];
      return [
        o.metadata.name,
        ctl ? `${String(ctl.kind).toLowerCase()}${gv.includes(".") ? `.${gv}` : ""}/${ctl.name}` : "<none>",
        o.revision ?? 0,
        age(o, now),
      ];
    },
  },
};

/** Printer for a built-in resource, or the default Name/Created At (`DefaultTableConvertor`). */
export function builtinPrinter(group: string, resource: string): Printer {
  return (
    printers[`${group}/${resource}`] ?? {
      columns: [
        nameCol,
        {
          name: "Created At",
          type: "date",
          format: "",
          priority: 0,
          description: "CreationTimestamp is a timestamp representing the server time when this object was created.",
        },
      ],
      cells: (o) => [o.metadata.name, o.metadata.creationTimestamp],
    }
  );
}

export { nameCol };
