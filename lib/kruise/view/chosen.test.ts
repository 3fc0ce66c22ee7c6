import { describe, expect, it } from "vitest";
import { chosenSinceApply } from "./update";

const row = (name: string, revision: string, terminating = false) => ({
  name,
  uid: `uid-${name}`,
  revision,
  terminating,
});

describe("which pods Kruise chose after a partition Apply (live pods)", () => {
  it("lists pods now on the update revision that were not at Apply, and none that already were", () => {
    const pods = [row("a", "cs-new"), row("b", "cs-new"), row("c", "cs-old"), row("d", "cs-new")];
    const c = chosenSinceApply(pods, "cs-new", ["uid-a"], ["b", "c", "d", "e"], 2);
    expect(c).toEqual({ chosen: ["b", "d"], expected: 2, unexpected: [] });
  });
  it("says plainly when Kruise moved a pod the preview did not allow; terminating pods do not count", () => {
    const pods = [row("a", "cs-new"), row("x", "cs-new"), row("t", "cs-new", true)];
    expect(chosenSinceApply(pods, "cs-new", [], ["a"], 1).unexpected).toEqual(["x"]);
    expect(chosenSinceApply(pods, "cs-new", [], ["a"], 1).chosen).toEqual(["a", "x"]);
  });
});
