/**
 * Collects items under a key and hands them over together once per animation frame, so a page taking hundreds of
 * stream events a second renders at most once a frame (docs/architecture.md §3). Frames do not run in a hidden
 * tab, so a timer hands the batch over anyway after `maxWaitMs`.
 */
export interface FrameBatcher<T> {
  push(key: string, item: T): void;
  /** Hands over what is pending now (before anything that must come after it, such as a disconnect mark). */
  flush(): void;
  /** Drops what is pending and stops the timer. */
  cancel(): void;
}

/** Runs `cb` once, soon; returns a function that cancels it. */
export type Scheduler = (cb: () => void) => () => void;

export function frameBatcher<T>(
  handOver: (batches: Map<string, T[]>) => void,
  schedule: Scheduler = nextFrame,
): FrameBatcher<T> {
  let pending = new Map<string, T[]>();
  let cancelTimer: (() => void) | null = null;
  const stop = () => {
    cancelTimer?.();
    cancelTimer = null;
  };
  const flush = () => {
    stop();
    const batches = pending;
    pending = new Map();
    if (batches.size) handOver(batches);
  };
  return {
    push(key, item) {
      const list = pending.get(key);
      if (list) list.push(item);
      else pending.set(key, [item]);
      cancelTimer ??= schedule(flush);
    },
    flush,
    cancel() {
      stop();
      pending = new Map();
    },
  };
}

/** The next animation frame, or `maxWaitMs` if no frame comes first (a hidden tab, no rAF at all). */
export function nextFrame(cb: () => void, maxWaitMs = 100): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
    cb();
  };
  const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame(run) : undefined;
  const timer = setTimeout(run, maxWaitMs);
  return () => {
    done = true;
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}
