import { describe, expect, it } from "vitest";
import { listEmptyState } from "./list-empty";

const base = { all: 0, shown: 0, namespace: "", nameFilter: "" };

describe("the list's empty states", () => {
  it("a 404 for CloneSets means the CRD is not installed, even before any row", () => {
    expect(listEmptyState({ ...base, error: { code: 404 } })).toEqual({ kind: "no-crd" });
  });
  it("a cluster with no CloneSet at all is an empty cluster", () => {
    expect(listEmptyState(base)).toEqual({ kind: "empty-cluster" });
  });
  it("a namespace with none, while others have some, names the namespace", () => {
    expect(listEmptyState({ ...base, all: 3, namespace: "team-a" })).toEqual({
      kind: "empty-namespace",
      namespace: "team-a",
    });
  });
  it("a name filter that matches nothing is a filter miss, and rows mean no empty state", () => {
    expect(listEmptyState({ ...base, all: 3, namespace: "team-a", nameFilter: "zz" })).toEqual({ kind: "no-match" });
    expect(listEmptyState({ ...base, all: 3, shown: 1 })).toBeNull();
  });
});
