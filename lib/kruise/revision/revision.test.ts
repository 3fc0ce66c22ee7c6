import { describe, expect, it } from "vitest";
import { fnv1_32, fnv1a_32, goMarshal, safeEncodeString, utf8 } from "./gojson";
import { equalRevisionData, hashRevisionData, newControllerRevision, revisionData, revisionDataText } from "./revision";
import type { CloneSet } from "../../k8s/objects";

const cs = (image: string): CloneSet => ({
  metadata: { name: "sample", namespace: "default", uid: "u1", annotations: { team: "shop" } },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: "sample" } },
    template: { metadata: { labels: { app: "sample" } }, spec: { containers: [{ name: "nginx", image }] } },
  },
});

describe("hash primitives (hash/fnv, apimachinery util/rand)", () => {
  it("FNV-1 and FNV-1a 32-bit match the published test vectors", () => {
    expect(fnv1_32(utf8(""))).toBe(0x811c9dc5);
    expect(fnv1_32(utf8("a"))).toBe(0x050c5d7e);
    expect(fnv1a_32(utf8("a"))).toBe(0xe40c292c);
  });
  it("SafeEncodeString maps decimal digits to 4-9,b,c,d,f", () => {
    expect(safeEncodeString("0123456789")).toBe("456789bcdf");
  });
  it("Go-style JSON sorts keys, has no whitespace and escapes <>&", () => {
    expect(goMarshal({ b: 1, a: { d: "<x&y>", c: [true, null] } })).toBe(
      '{"a":{"c":[true,null],"d":"\\u003cx\\u0026y\\u003e"},"b":1}',
    );
  });
});

describe("ControllerRevision (revision/cloneset_revision.go, controller/history)", () => {
  it("data holds only the template, marked $patch: replace, with $patch sorted first", () => {
    const text = revisionDataText(revisionData(cs("nginx:1.0")));
    expect(
      text.startsWith(
        '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"sample"}}',
      ),
    ).toBe(true);
  });
  it("the name is <cloneset>-<hash> with only safe-encoded digits, and is deterministic", () => {
    const r1 = newControllerRevision(cs("nginx:1.0"), 1);
    expect(r1.metadata.name).toMatch(/^sample-[4-9bcdf]{1,10}$/);
    expect(newControllerRevision(cs("nginx:1.0"), 1).metadata.name).toBe(r1.metadata.name);
    expect(newControllerRevision(cs("nginx:2.0"), 2).metadata.name).not.toBe(r1.metadata.name);
  });
  it("replicas and strategy changes do not change the revision; template changes do", () => {
    const a = cs("nginx:1.0");
    const b = { ...a, spec: { ...a.spec, replicas: 9, updateStrategy: { partition: 3 } } };
    expect(equalRevisionData(revisionData(a), revisionData(b))).toBe(true);
    expect(equalRevisionData(revisionData(a), revisionData(cs("nginx:1.1")))).toBe(false);
  });
  it("a collision count changes the hash (collisionCount is appended to the hashed bytes)", () => {
    const d = revisionData(cs("nginx:1.0"));
    expect(hashRevisionData(d, 1)).not.toBe(hashRevisionData(d, 0));
  });
  it("labels: template labels + controller.kubernetes.io/hash; annotations copied from the CloneSet; controller owner", () => {
    const r = newControllerRevision(cs("nginx:1.0"), 1);
    const hash = r.metadata.name!.slice("sample-".length);
    expect(r.metadata.labels).toEqual({ app: "sample", "controller.kubernetes.io/hash": hash });
    expect(r.metadata.annotations).toMatchObject({ team: "shop", "kruise.io/cloneset-volumeclaimtemplate-hash": "" });
    expect(r.metadata.ownerReferences?.[0]).toMatchObject({ kind: "CloneSet", controller: true, uid: "u1" });
  });
  it("an already defaulted template hashes like the bare one (defaults are idempotent)", () => {
    const bare = cs("nginx:1.0");
    const defaulted = {
      ...bare,
      spec: {
        ...bare.spec,
        template: (revisionData(bare).spec as { template: CloneSet["spec"]["template"] }).template,
      },
    };
    expect(hashRevisionData(revisionData(defaulted))).toBe(hashRevisionData(revisionData(bare)));
  });
});
