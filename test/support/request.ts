/**
 * A Request for calling route logic in-process with a test's AbortSignal. undici's Request follows the signal it is
 * given only while the Request object itself lives (it holds its own controller through a WeakRef, `nodejs/undici`
 * lib/web/fetch/request.js), and a streaming route keeps only `req.signal`: once the Request is collected, the test's
 * abort no longer reaches the stream, which then never ends nor frees its slot. So a Request made with a signal is
 * kept until that signal aborts.
 */
const following = new Set<Request>();

export function requestWith(url: string, init: RequestInit = {}): Request {
  const req = new Request(url, init);
  const signal = init.signal;
  if (signal && !signal.aborted) {
    following.add(req);
    signal.addEventListener("abort", () => following.delete(req), { once: true });
  }
  return req;
}
