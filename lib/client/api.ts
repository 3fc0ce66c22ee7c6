import { mutationHeaders, signInAgain } from "./session";
import type { ApiErrorBody } from "../k8s/wire";

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
export async function apiResponse(path: string, init?: RequestInit): Promise<Response> {
  let res: Response;
  try {
    const write = !!init?.method && init.method.toUpperCase() !== "GET";
    const extra = write ? await mutationHeaders() : {};
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
  if (res.status === 401) signInAgain();
  return res;
}

/** GETs (or sends) JSON from the dashboard's own API; throws ApiError on any failure, network included. */
export async function apiFetch<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await apiResponse(path, init);
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as T;
}
