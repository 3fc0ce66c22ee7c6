import type { QueryClient } from "@tanstack/react-query";
import { api } from "../urls";
import { postJson } from "./api";

/** How often the page may say the person is here (well inside any idle timeout worth setting). */
export const HEARTBEAT_MS = 60_000;
const INTERACTIONS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;

/**
 * Token mode's definition of "use" for the idle timeout (the server's postActivity): the page sends a
 * heartbeat at most every HEARTBEAT_MS, and only while it is visible AND the person pressed a key,
 * clicked, touched, scrolled or wheeled since the last one. A page left open (or hidden) sends nothing,
 * so its live stream ends at the idle timeout. Returns the stop function.
 */
export function startActivityHeartbeat(send: () => Promise<unknown>): () => void {
  let interacted = false;
  const mark = () => {
    interacted = true;
  };
  const beat = () => {
    if (!interacted || document.visibilityState !== "visible") return;
    interacted = false;
    void send().catch(() => undefined);
  };
  for (const e of INTERACTIONS) window.addEventListener(e, mark, { passive: true, capture: true });
  const timer = setInterval(beat, HEARTBEAT_MS);
  return () => {
    clearInterval(timer);
    for (const e of INTERACTIONS) window.removeEventListener(e, mark, { capture: true });
  };
}

/** The heartbeat itself: POST {} to the activity route (a write, so it carries the anti-CSRF header). */
export const postHeartbeat = (client: QueryClient) => postJson(client, api.activity(), {});
