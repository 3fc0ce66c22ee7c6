"use client";
import { memo } from "react";
import type { ApiErrorBody } from "@/lib/k8s/wire";
import type { NodeLine, NodesView } from "@/lib/kruise/view/daemonset-nodes";
import { Badge } from "@/components/ui/Badge";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { VirtualTable } from "@/components/ui/VirtualTable";

const REACH: Record<NodeLine["reach"], { tone: "info" | "neutral" | "warn"; icon: string; word: string }> = {
  update: { tone: "info", icon: "▲", word: "in the update" },
  kept: { tone: "neutral", icon: "‖", word: "kept by the partition" },
  excluded: { tone: "warn", icon: "⊘", word: "left out by the selector" },
  none: { tone: "neutral", icon: "", word: "—" },
};

const STATE: Record<NodeLine["state"], string> = {
  new: "on the update revision",
  old: "on an old revision",
  surging: "old and new pod (surge)",
  missing: "no pod yet",
  misscheduled: "a pod it should not have",
  none: "no pod",
};

const Cells = memo(function Cells({ l }: { l: NodeLine }) {
  const reach = REACH[l.reach];
  return (
    <>
      <td className="mono" data-col="node">
        {l.node}
      </td>
      <td>
        {l.nodeReady === null ? (
          <span className="muted">unknown</span>
        ) : l.nodeReady ? (
          "Ready"
        ) : (
          <Badge tone="warn" icon="✕">
            NotReady
          </Badge>
        )}
      </td>
      <td data-col="runs">
        {l.shouldRun ? (
          "yes"
        ) : (
          <Badge tone="neutral" icon="⊘" title={l.why}>
            no: {l.why}
          </Badge>
        )}
      </td>
      <td data-col="reach">
        {l.reach === "none" ? (
          <span className="muted">—</span>
        ) : (
          <Badge tone={reach.tone} icon={reach.icon}>
            {reach.word}
          </Badge>
        )}
      </td>
      <td data-col="state">{STATE[l.state]}</td>
      <td className="mono small">
        {l.pods.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          l.pods.map((p) => (
            <div key={p.name} data-testid="node-pod" data-name={p.name}>
              {p.name} <span className="muted">{p.ready ? "ready" : "not ready"}</span>
            </div>
          ))
        )}
      </td>
    </>
  );
});

/**
 * An Advanced DaemonSet's pods by node: which nodes should run one and why not, which the update reaches and which
 * the partition keeps or the rollingUpdate.selector leaves out (docs/kruise-rules.md §14.1, §14.6).
 */
export function NodesPanel({ v, error }: { v: NodesView | null; error?: ApiErrorBody }) {
  return (
    <section className="panel" aria-labelledby="nodes-h" data-testid="nodes">
      <h2 id="nodes-h">Pods by node</h2>
      {error ? (
        <ErrorPanel
          title="Cannot read the cluster's nodes: the layout by node needs list and watch on nodes"
          error={error}
        />
      ) : null}
      {v ? (
        <>
          <p className="muted" data-testid="nodes-summary">
            {v.summary}
            {v.selector !== null ? (
              <>
                {" "}
                · rollingUpdate.selector <span className="mono">{v.selector || "(everything)"}</span>
              </>
            ) : null}
          </p>
          {v.lines.length === 0 ? (
            <div className="empty">The cluster has no nodes.</div>
          ) : (
            <VirtualTable
              rows={v.lines}
              rowKey={(l) => l.node}
              rowAttrs={(l) => ({
                "data-testid": "node-row",
                "data-node": l.node,
                "data-reach": l.reach,
                "data-state": l.state,
              })}
              head={
                <tr>
                  <th>NODE</th>
                  <th>NODE READY</th>
                  <th>SHOULD RUN A POD</th>
                  <th>UPDATE</th>
                  <th>STATE</th>
                  <th>PODS</th>
                </tr>
              }
              colSpan={6}
              caption="Nodes and their DaemonSet pods"
              estimate={40}
              renderRow={(l) => <Cells l={l} />}
            />
          )}
        </>
      ) : error ? null : (
        <div className="empty">Loading nodes…</div>
      )}
    </section>
  );
}
