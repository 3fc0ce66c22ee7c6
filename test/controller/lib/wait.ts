/**
 * Polls `f` until it returns something truthy (controllers in these scenarios converge on their own time;
 * a busy machine is slower, never a failure). An error thrown by `f` is retried and named on timeout.
 */
export async function until<T>(what: string, f: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await f();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}
