import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { render, TARGETS } from "./crd";

const root = path.resolve(__dirname, "../..");

describe("generated Kruise types", () => {
  for (const target of TARGETS) {
    it(`${target.out} is what npm run gen:types makes from ${target.crd} (run it after changing either)`, async () => {
      const committed = readFileSync(path.join(root, target.out), "utf8");
      expect(committed).toBe(await render(root, target));
    });
  }
});
