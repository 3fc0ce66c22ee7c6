import type { QueryClient } from "@tanstack/react-query";
import { mutationHeaders, signInAgain } from "./session";
import type { ApiErrorBody, WriteFailure, WriteOutcome } from "../k8s/wire";

/** A failed dashboard API call; it *is* an ApiErrorBody, so the UI can show code, reason and message. */
export class ApiError extends Error implements ApiErrorBody {
  readonly code: number;
  readonly reason: string;
  readonly details?: ApiErrorBody["details"];
  constructor(body: ApiErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.code = body.code;
    this.reason = body.reason;
    if (body.details) this.details = body.details;
  }
  toJSON(): ApiErrorBody {
    const body: ApiErrorBody = { code: this.code, reason: this.reason, message: this.message };
    if (this.details) body.details = this.details;
    return body;
  }
}

export function isApiErrorBody(v: unknown): v is ApiErrorBody {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return typeof o.code === "number" && typeof o.reason === "string" && typeof o.message === "string";
}

/** Turns any error response into an ApiError, even when the body is not ours (e.g. a proxy's HTML page). */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  try {
    const parsed: unknown = JSON.parse(text);
    if (isApiErrorBody(parsed)) return new ApiError(parsed);
  } catch {
    // not JSON: fall through to a generic body
  }
  return new ApiError({
    code: res.status,
    reason: res.statusText || "Error",
    message: text.slice(0, 500) || `HTTP ${res.status}`,
  });
}

/** Sends one request to the dashboard's own API; throws ApiError only when the server is unreachable. */
export async function apiResponse(client: QueryClient, path: string, init?: RequestInit): Promise<Response> {
  let res: Response;
  try {
    const write = !!init?.method && init.method.toUpperCase() !== "GET";
    const extra = write ? await mutationHeaders(client) : {};
    res = await fetch(path, {
      credentials: "same-origin",
      ...init,
      headers: { Accept: "application/json", ...extra, ...init?.headers },
    });
  } catch (e) {
    throw new ApiError({
      code: 0,
      reason: "NetworkError",
      message: `the dashboard server is unreachable: ${(e as Error).message}`,
    });
  }
  // 401: no session or it expired; the caller still gets the error while the page moves to sign-in.
  if (res.status === 401) signInAgain(client);
  return res;
}

/** GETs JSON from the dashboard's own API; throws ApiError on any failure, network included. */
export async function apiFetch<T>(client: QueryClient, path: string): Promise<T> {
  const res = await apiResponse(client, path);
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as T;
}

// Every kind a WriteOutcome can have; the Record makes TypeScript say when the union in lib/k8s/wire.ts grows.
const OUTCOME_KINDS: Record<WriteOutcome["kind"], true> = {
  "no-changes": true,
  refused: true,
  conflict: true,
  preview: true,
  "dry-run": true,
  saved: true,
  "no-op": true,
  deleted: true,
  denied: true,
  invalid: true,
  stale: true,
  owned: true,
};

/** Whether a response body is one of the write contract's outcomes (lib/k8s/wire.ts WriteOutcome). */
export function isWriteOutcome(v: unknown): v is WriteOutcome {
  return !!v && typeof v === "object" && Object.hasOwn(OUTCOME_KINDS, String((v as { kind?: unknown }).kind));
}

/** A refusal outcome (deleted, denied, invalid, stale, owned): it carries a Kubernetes Status. */
export const isWriteFailure = (o: WriteOutcome): o is WriteFailure => "code" in o;

/**
 * POSTs JSON to the console's own API with the session's anti-CSRF header: the one way the browser writes
 * (docs/architecture.md §4). Resolves with what the route answered when it is ok, or when it is a write outcome (a
 * refusal the page acts on: denied, deleted, invalid, stale, owned); throws ApiError otherwise (unreachable, signed
 * out, a malformed request, a proxy's error page).
 */
export async function postJson<T>(client: QueryClient, path: string, body: unknown): Promise<T> {
  const res = await apiResponse(client, path, { method: "POST", body: JSON.stringify(body) });
  const answer: unknown = await res
    .clone()
    .json()
    .catch(() => undefined);
  if (res.ok || isWriteOutcome(answer)) return answer as T;
  throw await errorFromResponse(res);
}
