import type { RevisionBar } from "@/lib/kruise/view/bar";

/**
 * A compact stacked bar: updated and ready, updating, failing, on older revisions; a tick marks the partition's
 * target. Patterns (not only colours) tell failing and updating apart, and the text beside it says the numbers.
 */
export function RevisionBarView({ bar, name }: { bar: RevisionBar; name: string }) {
  const pct = (n: number) => `${(n / bar.scale) * 100}%`;
  return (
    <span className="revbar" data-testid="revision-bar" data-ready={bar.ready} data-failing={bar.failing}>
      <span className="revbar-track" role="img" aria-label={`${name}: ${bar.text}`} title={bar.text}>
        <span className="seg ready" style={{ width: pct(bar.ready) }} />
        <span className="seg updating" style={{ width: pct(bar.updating) }} />
        <span className="seg failing" style={{ width: pct(bar.failing) }} />
        <span className="seg old" style={{ width: pct(bar.old) }} />
        <span className="target" style={{ left: `calc(${pct(Math.min(bar.target, bar.scale))} - 1px)` }} />
      </span>
      <span className="small mono" aria-hidden="true">
        {bar.ready + bar.updating + bar.failing}/{bar.target}
      </span>
    </span>
  );
}
