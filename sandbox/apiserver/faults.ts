import { errors, type ApiError } from "./status";

/** Fault knobs (also the JSON shape of GET/PUT /sandbox/faults). */
export interface FaultConfig {
  latencyMs: number; // added before every API request is served
  errorRate: Record<string, number>; // verb (get, list, watch, create, update, patch, delete, deletecollection, "*") → 0..1
  errorCode: 500 | 503;
  watchHistory: number; // events kept per resource for watch resumption
}

/** One-shot actions plus the knobs; the same object backs the CLI flags, the handle and the endpoint. */
export interface FaultController {
  get(): FaultConfig;
  set(patch: Partial<FaultConfig>): FaultConfig;
  /** Closes every open watch connection; returns how many were dropped. */
  dropWatches(): number;
  /** Simulated restart: watch history reset, so resuming from any older RV gets 410. */
  restart(): void;
}

export interface FaultHooks {
  dropWatches(): number;
  restart(): void;
  setHistory(n: number): void;
  getHistory(): number;
}

export class Faults implements FaultController {
  private cfg: Omit<FaultConfig, "watchHistory">;
  constructor(
    private hooks: FaultHooks,
    init: Partial<FaultConfig> = {},
    private random: () => number = Math.random,
  ) {
    this.cfg = {
      latencyMs: init.latencyMs ?? 0,
      errorRate: { ...(init.errorRate ?? {}) },
      errorCode: init.errorCode ?? 503,
    };
    if (init.watchHistory !== undefined) hooks.setHistory(init.watchHistory);
  }

  get(): FaultConfig {
    return { ...this.cfg, errorRate: { ...this.cfg.errorRate }, watchHistory: this.hooks.getHistory() };
  }

  set(p: Partial<FaultConfig>): FaultConfig {
    if (p.latencyMs !== undefined) this.cfg.latencyMs = Math.max(0, Number(p.latencyMs) || 0);
    if (p.errorRate !== undefined) this.cfg.errorRate = { ...p.errorRate };
    if (p.errorCode !== undefined) this.cfg.errorCode = p.errorCode === 500 ? 500 : 503;
    if (p.watchHistory !== undefined) this.hooks.setHistory(Number(p.watchHistory));
    return this.get();
  }

  dropWatches(): number {
    return this.hooks.dropWatches();
  }
  restart(): void {
    this.hooks.restart();
  }

  /** The injected failure for this verb, if the dice say so. */
  failureFor(verb: string): ApiError | undefined {
    const rate = this.cfg.errorRate[verb] ?? this.cfg.errorRate["*"] ?? 0;
    if (rate <= 0 || this.random() >= rate) return undefined;
    return this.cfg.errorCode === 500
      ? errors.internal("injected fault (sandbox fault injection)")
      : errors.serviceUnavailable("injected fault (sandbox fault injection)");
  }

  latency(): number {
    return this.cfg.latencyMs;
  }
}

/** Parses `--error-rate verb=0.1` flag values (repeatable, comma-separated allowed). */
export function parseErrorRates(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values.flatMap((x) => x.split(","))) {
    const [verb, rate] = v.split("=");
    const n = Number(rate);
    if (!verb || !(n >= 0 && n <= 1)) throw new Error(`bad --error-rate "${v}": expected verb=<0..1>`);
    out[verb.trim()] = n;
  }
  return out;
}
