import "server-only";
import { HttpError } from "./errors";

/** Largest mutation body we read (a 1 MiB CloneSet YAML is far beyond any real one). */
export const MAX_BODY_BYTES = 1024 * 1024;

const err = (code: number, reason: string, message: string) => new HttpError({ code, reason, message });

/**
 * Same-origin check for mutations (docs/architecture.md §5): the browser's Origin must equal the request's own
 * origin (or its Host header), else Sec-Fetch-Site must say same-origin. A request with neither is
 * refused, so a cross-site form or a script on another origin can never trigger a write.
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get("origin");
  const site = req.headers.get("sec-fetch-site");
  if (origin && origin !== "null") {
    const own = new URL(req.url);
    const host = req.headers.get("host");
    let o: URL | undefined;
    try {
      o = new URL(origin);
    } catch {
      /* refused below */
    }
    const same = !!o && (o.origin === own.origin || (!!host && o.host === host && o.protocol === own.protocol));
    if (!same)
      throw err(
        403,
        "Forbidden",
        `cross-origin write refused: Origin ${origin.slice(0, 200)} is not this dashboard's origin`,
      );
    if (site && site !== "same-origin" && site !== "none")
      throw err(403, "Forbidden", `cross-site write refused (Sec-Fetch-Site: ${site})`);
    return;
  }
  if (site === "same-origin") return;
  throw err(
    403,
    "Forbidden",
    "write refused: the request carries neither an Origin header nor Sec-Fetch-Site: same-origin",
  );
}

async function readLimited(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

const tooLarge = () => err(413, "RequestEntityTooLarge", `request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB)`);

/**
 * Reads a mutation request's JSON body after the same-origin, content-type (415) and size (413)
 * checks; malformed JSON is a 400. Errors are HttpError with a typed ApiErrorBody (lib/server/errors).
 */
export async function readMutation(req: Request): Promise<unknown> {
  assertSameOrigin(req);
  const ct = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (ct !== "application/json") {
    throw err(
      415,
      "UnsupportedMediaType",
      `Content-Type must be application/json (got ${JSON.stringify(ct.slice(0, 100) || "none")})`,
    );
  }
  const text = await readLimited(req);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new HttpError({
      code: 400,
      reason: "BadRequest",
      message: `request body is not valid JSON: ${(e as Error).message}`,
    });
  }
}
