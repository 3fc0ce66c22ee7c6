"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import { useAccess } from "@/lib/client/access";
import { LOG_RING, usePodLog, type LogView as Log } from "@/lib/client/pod-log";
import { accessDenial, KINDS } from "@/lib/kinds";
import { POD_LOG } from "@/lib/kinds/pod";
import type { ContainerRun, PodSummary } from "@/lib/logs/containers";
import type { LineRing } from "@/lib/logs/ring";
import { matches } from "@/lib/logs/search";
import { api, type PodPageQuery } from "@/lib/urls";
import { LogToolbar } from "./LogToolbar";
import { LogDenied, LogEmpty, LogFailed, LogLoading } from "./LogStates";
import { LogView } from "./LogView";

/** The ring's indices whose line contains `search` (all lines are scanned: at most LOG_RING.lines). */
function matchingLines(ring: LineRing, search: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < ring.size; i++) if (matches(ring.at(i), search)) out.push(i);
  return out;
}

/** What the log is: the live run, a run that ended and why, or the one before the restart. */
function RunNote({ c, previous, log }: { c: ContainerRun; previous: boolean; log: Log }) {
  const ended = c.last
    ? `exit code ${c.last.exitCode}${c.last.reason ? ` (${c.last.reason})` : ""}${c.last.finishedAt ? ` at ${c.last.finishedAt}` : ""}`
    : "";
  if (previous)
    return (
      <p className="small muted" data-testid="log-run">
        The run before the container&apos;s last restart{ended ? `, which ended with ${ended}` : ""}.
      </p>
    );
  if (c.state === "waiting" && c.last)
    return (
      <p className="small" data-testid="log-run">
        <strong>{c.reason ?? "Waiting"}:</strong> the container is not running; this is the log of its last run, which
        ended with {ended}.
      </p>
    );
  return (
    <p className="small muted" data-testid="log-run">
      {log.phase.kind === "streaming" ? "The current run, live." : "The current run."}
    </p>
  );
}

/**
 * One container run's log: checked against RBAC first (a user without get pods/log is told why instead of seeing an
 * error), then streamed (the current run follows the container; the previous run is read whole), with search,
 * follow, timestamps and download.
 */
export function PodLogPanel({
  cluster,
  pod,
  container,
  previous,
  onChoose,
}: {
  cluster: string;
  pod: PodSummary;
  container: ContainerRun;
  previous: boolean;
  onChoose: (q: PodPageQuery) => void;
}) {
  const target = { cluster, namespace: pod.namespace, resource: "pods" as const, name: pod.name };
  const access = useAccess(target, POD_LOG);
  const query = { container: container.name, previous, timestamps: true, tailLines: LOG_RING.lines };
  const url = api.podLog(cluster, pod.namespace, pod.name, { ...query, follow: !previous });
  const log = usePodLog(access.allowed === false ? null : url);
  const [search, setSearch] = useState("");
  const [onlyMatches, setOnlyMatches] = useState(false);
  const [showTime, setShowTime] = useState(false);
  const [following, setFollowing] = useState(true);
  const [reveal, setReveal] = useState<{ index: number; seq: number } | null>(null);
  const [pausedAt, setPausedAt] = useState(0);
  const { ring, version, phase } = log;
  // The followed run ended and the container runs again (a restart, a crash loop's next try): show the new run.
  const restartsSeen = useRef(container.restarts);
  const { retry } = log;
  useEffect(() => {
    if (previous || phase.kind !== "ended" || container.state !== "running") return;
    if (container.restarts <= restartsSeen.current) return;
    restartsSeen.current = container.restarts;
    retry();
  }, [previous, phase.kind, container.state, container.restarts, retry]);
  const hits = useMemo(
    () => (search ? matchingLines(ring, search) : null),
    // `version` is when the ring's lines changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ring, version, search],
  );
  const jump = (dir: 1 | -1) => {
    if (!hits?.length) return;
    const from = reveal?.index ?? (dir === 1 ? -1 : ring.size);
    const next =
      dir === 1 ? (hits.find((i) => i > from) ?? hits[0]) : ([...hits].reverse().find((i) => i < from) ?? hits.at(-1)!);
    setFollowing(false);
    setPausedAt(ring.total);
    setReveal({ index: next, seq: (reveal?.seq ?? 0) + 1 });
  };
  const denied = access.allowed === false ? accessDenial(KINDS.get("pods"), POD_LOG, access) : undefined;
  const label = `Log of container ${container.name}${previous ? ", previous run" : ""}`;
  let body;
  if (denied) body = <LogDenied reason={denied} namespace={pod.namespace} />;
  else if (phase.kind === "failed")
    body = <LogFailed error={phase.error} onRetry={log.retry} namespace={pod.namespace} />;
  else if (phase.kind === "connecting" && ring.size === 0) body = <LogLoading container={container.name} />;
  else if (ring.size === 0) body = <LogEmpty live={phase.kind === "streaming" && !previous} />;
  else
    body = (
      <LogView
        ring={ring}
        version={version}
        shown={onlyMatches && hits ? hits : null}
        search={search}
        showTime={showTime}
        following={following}
        onScrolledUp={() => {
          setFollowing(false);
          setPausedAt(ring.total);
        }}
        reveal={reveal}
        label={label}
      />
    );
  return (
    <section className="panel" aria-labelledby="log-h" data-testid="pod-log" data-phase={phase.kind}>
      <div className="page-head" style={{ marginBottom: 4 }}>
        <h2 id="log-h" style={{ margin: 0 }}>
          Log
        </h2>
        <RunNote c={container} previous={previous} log={log} />
      </div>
      <LogToolbar
        pod={pod}
        container={container}
        previous={previous}
        onChoose={onChoose}
        search={search}
        onSearch={(s) => {
          setSearch(s);
          setReveal(null);
        }}
        onlyMatches={onlyMatches}
        onOnlyMatches={setOnlyMatches}
        hits={hits?.length ?? null}
        onJump={jump}
        showTime={showTime}
        onShowTime={setShowTime}
        following={following}
        newLines={following ? 0 : ring.total - pausedAt}
        onFollow={() => {
          setReveal(null);
          setFollowing(true);
        }}
        downloadHref={api.podLog(cluster, pod.namespace, pod.name, { ...query, tailLines: undefined, download: true })}
        canDownload={!denied}
      />
      <LogStatus log={log} previous={previous} onReconnect={log.retry} />
      {body}
    </section>
  );
}

function LogStatus({ log, previous, onReconnect }: { log: Log; previous: boolean; onReconnect: () => void }) {
  const { phase, ring } = log;
  if (phase.kind === "failed" || phase.kind === "connecting") return null;
  const live = phase.kind === "streaming" && !previous;
  return (
    <div className="log-status small" data-testid="log-status">
      {live ? (
        <span className="log-live" data-testid="log-live">
          ● Live
        </span>
      ) : phase.kind === "interrupted" ? (
        <span className="log-broken">The stream broke off ({phase.message}).</span>
      ) : (
        <span className="muted">{previous ? "The whole run." : "The stream ended: the container stopped."}</span>
      )}
      <span className="muted" data-testid="log-count">
        {ring.size.toLocaleString("en-US")} {ring.size === 1 ? "line" : "lines"}
        {ring.dropped
          ? ` · ${ring.dropped.toLocaleString("en-US")} older lines dropped (the page keeps the last ${LOG_RING.lines.toLocaleString("en-US")}; Download saves the whole log)`
          : ""}
      </span>
      {!previous && (phase.kind === "ended" || phase.kind === "interrupted") ? (
        <button type="button" onClick={onReconnect}>
          Reconnect
        </button>
      ) : null}
    </div>
  );
}
