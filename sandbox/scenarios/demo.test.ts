import { describe, expect, it } from "vitest";
import { loadScenario } from "./run";

interface Hooked {
  kind?: string;
  metadata?: { name?: string };
  spec?: {
    lifecycle?: { preDelete?: { finalizersHandler?: string[] } };
    template?: { metadata?: { finalizers?: string[] } };
  };
}

describe("the demo scenario", () => {
  it("shows its preDelete hook at work: every pod of a hooked CloneSet carries the hook's finalizer from its template", () => {
    const hooked = (loadScenario("demo") as Hooked[]).filter(
      (d) => d.kind === "CloneSet" && d.spec?.lifecycle?.preDelete?.finalizersHandler?.length,
    );
    expect(hooked.map((d) => d.metadata?.name)).toEqual(["gateway"]);
    for (const d of hooked)
      expect(d.spec?.template?.metadata?.finalizers).toEqual(
        expect.arrayContaining(d.spec!.lifecycle!.preDelete!.finalizersHandler!),
      );
  });
});
