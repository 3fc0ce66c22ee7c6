import "server-only";
import { clientFor } from "../clusters";
import { InformerHub } from "./hub";

export { InformerHub } from "./hub";
export type { ScopeKey } from "./types";

const g = globalThis as typeof globalThis & { __kruiseConsoleHub?: InformerHub };

function idleStopMs(): number | undefined {
  const s = Number(process.env.KRUISE_CONSOLE_WATCH_IDLE_SECONDS);
  return Number.isFinite(s) && s >= 0 && process.env.KRUISE_CONSOLE_WATCH_IDLE_SECONDS ? s * 1000 : undefined;
}

/**
 * The process-wide hub. Kept on globalThis so Next's dev-mode module reloads and separate route
 * bundles all share one set of upstream watches.
 */
export function getHub(): InformerHub {
  const idle = idleStopMs();
  return (g.__kruiseConsoleHub ??= new InformerHub(clientFor, idle === undefined ? {} : { idleStopMs: idle }));
}
