import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { visibleClusters } from "./cluster-list";

const all = [
  { name: "dev", server: "https://10.0.0.1:6443", namespace: "shop", current: true },
  { name: "prod", server: "https://10.0.0.2:6443", namespace: "payments", current: false },
];

describe("what a shared-mode caller sees of the clusters", () => {
  it("token mode: its own clusters without their address, the others by name", () => {
    expect(visibleClusters(all, new Set(["dev"]))).toEqual([
      { name: "dev", namespace: "shop", current: true },
      { name: "prod", current: false },
    ]);
  });

  it("proxy mode: every cluster, never an address", () => {
    expect(visibleClusters(all, null)).toEqual([
      { name: "dev", namespace: "shop", current: true },
      { name: "prod", namespace: "payments", current: false },
    ]);
  });
});
