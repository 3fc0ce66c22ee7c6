import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KINDS } from "@/lib/kinds";
import { monacoSchema, SCHEMAS } from "./monaco-schema";

const root = path.resolve(__dirname, "../..");

describe("the YAML editor's schemas", () => {
  it.each(SCHEMAS.map((t) => [t.out, t] as const))("%s is what npm run gen:types writes from its CRD", (_out, t) => {
    expect(readFileSync(path.join(root, t.out), "utf8")).toBe(monacoSchema(root, t));
  });

  it("narrow apiVersion and kind, and flag fields the API server would prune", () => {
    const s = JSON.parse(monacoSchema(root, SCHEMAS[1]));
    expect(s.properties.apiVersion.enum).toEqual(["apps.kruise.io/v1beta1"]);
    expect(s.properties.kind.enum).toEqual(["StatefulSet"]);
    expect(s.properties.spec.additionalProperties).toBe(false);
  });

  it("are the ones the workload kinds' homes name", () => {
    const named = KINDS.all().flatMap((h) => (h.schema ? [`public${h.schema}`] : []));
    expect(named.sort()).toEqual(SCHEMAS.map((t) => t.out).sort());
  });
});
