import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import type { Session, UserInfo } from "./sessions";
import { TokenCheck, type Review } from "./token-check";

const session = (o: Partial<Session> = {}): Session => ({
  key: "b/dev",
  cluster: "dev",
  user: { name: "alice", groups: [] },
  token: "tok",
  created: 0,
  lastSeen: 0,
  expires: 1e12,
  ...o,
});
const refused = () => Promise.reject(new HttpError({ code: 401, reason: "Unauthorized", message: "no" }));

function check(answers: (() => Promise<UserInfo>)[]) {
  const c = { t: 0, asked: 0 };
  const review: Review = () => answers[Math.min(c.asked++, answers.length - 1)]();
  return { c, tc: new TokenCheck({ review, ttlMs: () => 5000, now: () => c.t }) };
}

describe("open streams re-check the session's token", () => {
  it("reuses one answer per session for the re-check period, then asks the cluster again", async () => {
    const { c, tc } = check([() => Promise.resolve({ name: "alice", groups: [] }), refused]);
    expect(await tc.verdict(session())).toBe("still");
    c.t = 4999;
    expect(await tc.verdict(session())).toBe("still");
    expect(c.asked).toBe(1);
    c.t = 5000;
    expect(await tc.verdict(session())).toBe("refused");
  });

  it("a token now naming another user is refused; a cluster that cannot be asked is unknown", async () => {
    expect(await check([() => Promise.resolve({ name: "mallory", groups: [] })]).tc.verdict(session())).toBe("refused");
    const down = () => Promise.reject(new HttpError({ code: 502, reason: "BadGateway", message: "down" }));
    expect(await check([down]).tc.verdict(session())).toBe("unknown");
  });

  it("a new sign-in (same key, later) is checked on its own", async () => {
    const { c, tc } = check([() => Promise.resolve({ name: "alice", groups: [] })]);
    await tc.verdict(session());
    await tc.verdict(session({ created: 1 }));
    expect(c.asked).toBe(2);
  });
});

describe("the re-check compares the whole identity", () => {
  const alice = (groups: string[], extra?: Record<string, string[]>): UserInfo => ({
    name: "alice",
    groups,
    ...(extra ? { extra } : {}),
  });

  it("groups or extras the cluster no longer gives end the session; the same set in another order does not", async () => {
    const held = session({ user: alice(["dev", "system:authenticated"], { scopes: ["a", "b"] }) });
    const answer = (u: UserInfo) => check([() => Promise.resolve(u)]).tc.verdict(held);
    expect(await answer(alice(["system:authenticated", "dev"], { scopes: ["b", "a"] }))).toBe("still");
    expect(await answer(alice(["system:authenticated"], { scopes: ["a", "b"] }))).toBe("refused");
    expect(await answer(alice(["dev", "system:authenticated", "system:masters"], { scopes: ["a", "b"] }))).toBe(
      "refused",
    );
    expect(await answer(alice(["dev", "system:authenticated"]))).toBe("refused");
  });
});
