import { describe, expect, it } from "vitest";
import type { CloneSet, ControllerRevision } from "@/lib/k8s/objects";
import { activeRevisions } from "./revisions";

const cloneSet = (image: string): CloneSet => ({
  metadata: { name: "web", namespace: "shop", uid: "u1" },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: "web" } },
    template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "main", image }] } },
  },
});

describe("activeRevisions", () => {
  it("asks for a new revision until one with the template exists, also when the caller's list grows in place", () => {
    const cs = cloneSet("nginx:1.0");
    const revs: ControllerRevision[] = [];
    const first = activeRevisions(cs, revs);
    expect(first.actions.map((a) => a.kind)).toEqual(["createRevision"]);
    if (first.actions[0].kind === "createRevision") revs.push(first.actions[0].revision);
    const again = activeRevisions(cs, revs);
    expect(again.actions).toEqual([]);
    expect(again.update.metadata.name).toBe(first.update.metadata.name);
  });

  it("gives the same answer for the same CloneSet object and revision objects", () => {
    const cs = cloneSet("nginx:1.0");
    const created = activeRevisions(cs, []).update;
    const a = activeRevisions(cs, [created]);
    expect(activeRevisions(cs, [created])).toBe(a);
    const newer = cloneSet("nginx:1.1");
    expect(activeRevisions(newer, [created]).actions.map((x) => x.kind)).toEqual(["createRevision"]);
  });
});
