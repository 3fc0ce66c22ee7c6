import "server-only";
import { clientFor } from "../clusters";
import { InformerHub } from "./hub";
import type { HubOptions } from "./types";

export { InformerHub } from "./hub";
export type { ScopeKey } from "./types";

const g = globalThis as typeof globalThis & { __kruiseConsoleHub?: InformerHub };

function idleStopMs(): number | undefined {
  const s = Number(process.env.KRUISE_CONSOLE_WATCH_IDLE_SECONDS);
  return Number.isFinite(s) && s >= 0 && process.env.KRUISE_CONSOLE_WATCH_IDLE_SECONDS ? s * 1000 : undefined;
}

function count(name: string): number | undefined {
  const n = Number(process.env[name]);
  return process.env[name] && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Options from the environment (unset or invalid: the hub's defaults). */
function envOptions(): Partial<HubOptions> {
  const idle = idleStopMs();
  const perCluster = count("KRUISE_CONSOLE_MAX_WATCHES_PER_CLUSTER");
  const total = count("KRUISE_CONSOLE_MAX_WATCHES");
  return {
    ...(idle === undefined ? {} : { idleStopMs: idle }),
    ...(perCluster === undefined ? {} : { maxScopesPerCluster: perCluster }),
    ...(total === undefined ? {} : { maxScopes: total }),
  };
}

/**
 * The process-wide hub. Kept on globalThis so Next's dev-mode module reloads and separate route
 * bundles all share one set of upstream watches.
 */
export function getHub(): InformerHub {
  return (g.__kruiseConsoleHub ??= new InformerHub(clientFor, envOptions()));
}
