"use client";
import type { ContainerRun, PodSummary } from "@/lib/logs/containers";
import type { PodPageQuery } from "@/lib/urls";

const runs = (n: number) => (n === 1 ? "restarted once" : `restarted ${n}×`);

export interface LogToolbarProps {
  pod: PodSummary;
  container: ContainerRun;
  previous: boolean;
  onChoose: (q: PodPageQuery) => void;
  search: string;
  onSearch: (s: string) => void;
  onlyMatches: boolean;
  onOnlyMatches: (b: boolean) => void;
  /** lines matching the search, or null without one */
  hits: number | null;
  onJump: (dir: 1 | -1) => void;
  showTime: boolean;
  onShowTime: (b: boolean) => void;
  following: boolean;
  /** lines that arrived since following stopped */
  newLines: number;
  onFollow: () => void;
  downloadHref: string;
  canDownload: boolean;
}

/** Which log (container, run), how to read it (search, timestamps, follow), and Download. */
export function LogToolbar(p: LogToolbarProps) {
  const { container: c } = p;
  return (
    <div className="controls log-toolbar" role="toolbar" aria-label="Log controls">
      <label>
        Container
        <select
          value={c.name}
          onChange={(e) => p.onChoose({ container: e.target.value, previous: false })}
          data-testid="log-container"
        >
          {p.pod.containers.map((x) => (
            <option key={x.name} value={x.name}>
              {x.name}
              {x.init ? " (init)" : ""}
              {x.restarts ? ` — ${runs(x.restarts)}` : ""}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="log-run">
        <legend>Run</legend>
        <button
          type="button"
          aria-pressed={!p.previous}
          onClick={() => p.onChoose({ container: c.name, previous: false })}
        >
          Current
        </button>
        <button
          type="button"
          aria-pressed={p.previous}
          disabled={!c.hasPrevious && !p.previous}
          title={
            c.hasPrevious
              ? `The run before the last restart (${runs(c.restarts)})`
              : "The container has not restarted: there is no previous run"
          }
          onClick={() => p.onChoose({ container: c.name, previous: true })}
        >
          Previous run
        </button>
      </fieldset>
      <label>
        Search
        <span className="log-search">
          <input
            type="search"
            value={p.search}
            onChange={(e) => p.onSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") p.onJump(e.shiftKey ? -1 : 1);
            }}
            placeholder="text in the log"
            aria-describedby="log-hits"
          />
          <button type="button" onClick={() => p.onJump(-1)} disabled={!p.hits} aria-label="Previous match">
            ↑
          </button>
          <button type="button" onClick={() => p.onJump(1)} disabled={!p.hits} aria-label="Next match">
            ↓
          </button>
        </span>
      </label>
      <span id="log-hits" className="small muted" data-testid="log-hits" aria-live="polite">
        {p.hits === null ? "" : p.hits === 1 ? "1 matching line" : `${p.hits} matching lines`}
      </span>
      <label className="check">
        <input type="checkbox" checked={p.onlyMatches} onChange={(e) => p.onOnlyMatches(e.target.checked)} />
        Only matching lines
      </label>
      <label className="check">
        <input type="checkbox" checked={p.showTime} onChange={(e) => p.onShowTime(e.target.checked)} />
        Timestamps
      </label>
      <span className="spacer" />
      {p.following ? (
        p.previous ? null : (
          <span className="small muted" data-testid="log-following">
            Following the newest line
          </span>
        )
      ) : (
        <button type="button" onClick={p.onFollow} data-testid="log-follow">
          {p.newLines > 0 ? `Follow (${p.newLines.toLocaleString("en-US")} new lines)` : "Follow"}
        </button>
      )}
      {p.canDownload ? (
        <a className="button" href={p.downloadHref} download data-testid="log-download">
          Download
        </a>
      ) : null}
    </div>
  );
}
