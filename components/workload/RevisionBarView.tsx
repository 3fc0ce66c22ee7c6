import type { RevisionBar } from "@/lib/kruise/view/bar";

/**
 * A compact stacked bar: updated and ready, updating, failing, on older revisions; a tick marks the partition's
 * target. Patterns (not only colours) tell failing and updating apart, and the figure beside it ("5/5": on the update
 * revision / the target) says the numbers, in words for a screen reader and in its tooltip.
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
      <span className="small mono" aria-hidden="true" title={bar.countText} data-testid="revision-count">
        {bar.count}
      </span>
      <span className="sr-only">{bar.countText}</span>
    </span>
  );
}

/** What the bar's parts and its figure mean, once above the list (the same swatches as the bars). */
export function RevisionLegend() {
  return (
    <p className="revbar-legend small muted" data-testid="revision-legend">
      <span className="sr-only">Revisions column: </span>
      <span>
        <span className="swatch seg ready" aria-hidden="true" /> updated and ready
      </span>
      <span>
        <span className="swatch seg updating" aria-hidden="true" /> updating
      </span>
      <span>
        <span className="swatch seg failing" aria-hidden="true" /> failing
      </span>
      <span>
        <span className="swatch seg old" aria-hidden="true" /> older revisions
      </span>
      <span>
        <span className="swatch tick" aria-hidden="true" /> the partition&apos;s target
      </span>
      <span>
        <span className="mono">5/5</span> = pods on the update revision / the target
      </span>
    </p>
  );
}
