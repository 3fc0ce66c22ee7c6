import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { HttpError } from "../errors";
import { addressKey, clientAddress } from "./client-address";
import type { UserInfo } from "./sessions";
import type { AuthState } from "./state";

export const NO_STORE = { "Cache-Control": "no-store" };

function tooMany(wait: number, message: string): Response {
  return Response.json(
    { code: 429, reason: "TooManyRequests", message: `${message}: try again in ${wait} s` },
    { status: 429, headers: { ...NO_STORE, "Retry-After": String(wait) } },
  );
}

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The token's owner by `review` (the cluster's TokenReview), within the sign-in throttle (throttle.ts): an address
 * past its own failures gets 429 before the cluster is asked; past the global ceiling every answer comes later but
 * still comes; a refusal counts against the address; a VERIFIED user past their own sign-in count gets 429.
 */
export async function throttledReview(
  rt: AuthState,
  h: HeaderSource,
  cluster: string,
  review: () => Promise<UserInfo>,
): Promise<UserInfo | Response> {
  const throttle = rt.shared.throttle;
  const address = addressKey(clientAddress(h, rt.config.stamp, rt.config.signIn.trustedProxies));
  const wait = await throttle.addressWait(address);
  if (wait > 0) return tooMany(wait, "too many failed sign-ins from your address");
  const hold = await throttle.slowdown();
  if (hold > 0) await sleep(hold);
  let user: UserInfo;
  try {
    user = await review();
  } catch (e) {
    if (e instanceof HttpError && e.body.code === 401) await throttle.fail(address);
    throw e;
  }
  const again = await throttle.admitUser(JSON.stringify([cluster, user.name]));
  if (again > 0) return tooMany(again, `too many sign-ins as ${JSON.stringify(user.name)} to this cluster`);
  return user;
}
