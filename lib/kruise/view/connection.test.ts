import { describe, expect, it } from "vitest";
import { combineConnections, connectionView, missingPermission } from "./connection";

describe("connection state", () => {
  it("shows the worst stream so stale data never looks live", () => {
    expect(
      combineConnections([{ state: "live" }, { state: "stale", since: "2026-11-22T11:00:05Z" }, { state: "live" }])
        .state,
    ).toBe("stale");
    expect(combineConnections([{ state: "live" }, { state: "reconnecting" }]).state).toBe("reconnecting");
    expect(combineConnections([]).state).toBe("connecting");
    expect(
      combineConnections([
        { state: "stale", since: "2026-11-22T11:00:05Z" },
        { state: "stale", since: "2026-11-22T10:00:00Z" },
      ]).since,
    ).toBe("2026-11-22T10:00:00Z");
  });

  it("labels every state in words, with the stale time and the error reason", () => {
    expect(connectionView({ state: "live" }).label).toBe("Live");
    expect(connectionView({ state: "stale", since: "2026-11-22T11:00:05Z" }).label).toBe("Stale since 11:00:05 UTC");
    const err = connectionView({ state: "error", error: { code: 403, reason: "Forbidden", message: "nope" } });
    expect(err.label).toBe("Error: Forbidden");
    expect(err.detail).toBe("403 Forbidden: nope");
  });

  it("names the missing permission from a Kubernetes Forbidden message", () => {
    expect(
      missingPermission(
        'clonesets.apps.kruise.io is forbidden: User "viewer" cannot list resource "clonesets" in API group "apps.kruise.io" in the namespace "default"',
      ),
    ).toBe('list clonesets.apps.kruise.io in namespace "default"');
    expect(
      missingPermission(
        'pods is forbidden: User "v" cannot watch resource "pods" in API group "" at the cluster scope',
      ),
    ).toBe("watch pods at cluster scope");
    expect(missingPermission("something else")).toBeNull();
  });
});
