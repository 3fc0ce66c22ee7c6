import { describe, expect, it } from "vitest";
import { checkEdit, fieldSegments, lineForField, parseEdited, prepareForEdit } from "./edit-yaml";
import { sampleCloneSet } from "./fixtures/cloneset";
import type { JsonObject } from "./json";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const edit = (o: JsonObject, f: (o: Obj) => void): JsonObject => {
  const c = structuredClone(o);
  f(c);
  return c;
};

describe("prepareForEdit", () => {
  it("drops managedFields and status and starts with a header comment", () => {
    const { object, text } = prepareForEdit(sampleCloneSet());
    expect((object as Obj).metadata.managedFields).toBeUndefined();
    expect(object.status).toBeUndefined();
    expect(text.split("\n")[0]).toMatch(/^# Editing CloneSet default\/sample \(resourceVersion 1000\)/);
    expect(text).not.toMatch(/managedFields|observedGeneration/);
  });
  it("keeps status when asked, and the text parses back to the prepared object", () => {
    const p = prepareForEdit(sampleCloneSet(), { includeStatus: true });
    const parsed = parseEdited(p.text);
    expect(parsed.ok && parsed.value).toEqual(p.object);
    expect((p.object as Obj).status.replicas).toBe(5);
  });
});

describe("parseEdited", () => {
  it("reports a syntax error at its line and column", () => {
    const r = parseEdited("apiVersion: v1\nkind: Pod\nmetadata:\n  name: [p\n");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0].line).toBeGreaterThanOrEqual(4);
    expect(r.errors[0].column).toBeGreaterThanOrEqual(1);
    expect(r.errors[0].message).not.toMatch(/\n/);
  });
  it("reports a duplicate key at the second occurrence", () => {
    const r = parseEdited("kind: Pod\nspec:\n  a: 1\n  a: 2\n");
    expect(r).toMatchObject({ ok: false, errors: [{ line: 4, column: 3 }] });
  });
  it("reads YAML like kubectl (1.1): strings that look like booleans survive a round trip, a bare yes is a boolean", () => {
    const obj = edit(sampleCloneSet(), (o) => {
      o.metadata.labels.flag = "on";
      o.metadata.labels.ver = "1.10";
    });
    const p = prepareForEdit(obj);
    expect(parseEdited(p.text)).toMatchObject({ ok: true, value: p.object });
    expect(parseEdited("a: yes\n")).toMatchObject({ ok: true, value: { a: true } });
  });
  it("refuses a document that is not a mapping", () => {
    expect(parseEdited("- a\n- b\n")).toMatchObject({ ok: false, errors: [{ line: 1 }] });
  });
  it("an empty or comment-only file is empty", () => {
    expect(parseEdited("# nothing\n")).toMatchObject({ ok: true, value: null });
  });
  it("maps a 422 cause field to its line, falling back to the nearest ancestor", () => {
    const { text } = prepareForEdit(sampleCloneSet());
    const r = parseEdited(text);
    if (!r.ok) throw new Error("parse");
    const lines = text.split("\n");
    const imageLine = lineForField(r.fieldLines, "spec.template.spec.containers[1].image")!;
    expect(lines[imageLine - 1]).toMatch(/image: busybox:1\.36/);
    expect(lines[lineForField(r.fieldLines, ".spec.replicas")! - 1]).toMatch(/replicas: 5/);
    expect(lines[lineForField(r.fieldLines, "metadata.annotations[team.example/owner]")! - 1]).toMatch(
      /team.example\/owner: web/,
    );
    expect(lines[lineForField(r.fieldLines, "spec.template.spec.containers[0].resources.limits")! - 1]).toMatch(
      /- name: app/,
    );
    expect(lineForField(r.fieldLines, "nothing.here")).toBeUndefined();
  });
  it("splits field paths like apimachinery prints them", () => {
    expect(fieldSegments("spec.containers[0].env[x/y].value")).toEqual([
      "spec",
      "containers",
      "0",
      "env",
      "x/y",
      "value",
    ]);
  });
});

describe("checkEdit", () => {
  const original = prepareForEdit(sampleCloneSet()).object;
  it("unchanged → no changes", () => {
    expect(checkEdit(original, structuredClone(original)).kind).toBe("no-changes");
  });
  it("empty → no changes, edit cancelled", () => {
    expect(checkEdit(original, null)).toMatchObject({ kind: "no-changes", message: expect.stringMatching(/empty/) });
  });
  it("only status edited → no changes (status is read-only)", () => {
    expect(
      checkEdit(
        original,
        edit(original, (o) => {
          o.status = { replicas: 1 };
        }),
      ).kind,
    ).toBe("no-changes");
  });
  it.each([
    [
      "apiVersion",
      (o: Obj) => {
        o.apiVersion = "apps.kruise.io/v1beta1";
      },
    ],
    [
      "kind",
      (o: Obj) => {
        o.kind = "StatefulSet";
      },
    ],
    [
      "metadata.name",
      (o: Obj) => {
        o.metadata.name = "other";
      },
    ],
    [
      "metadata.namespace",
      (o: Obj) => {
        delete o.metadata.namespace;
      },
    ],
  ])("changing %s is refused with a clear message", (field, f) => {
    const r = checkEdit(original, edit(original, f));
    expect(r).toMatchObject({ kind: "refused", fields: [field] });
    if (r.kind === "refused") expect(r.message).toContain(field);
  });
  it("a spec change is a change", () => {
    expect(
      checkEdit(
        original,
        edit(original, (o) => {
          o.spec.replicas = 1;
        }),
      ).kind,
    ).toBe("changed");
  });
});
