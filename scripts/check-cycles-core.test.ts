import { describe, expect, it } from "vitest";
import { fileCycles, folderCycles, importsOf, resolveImport } from "./check-cycles-core";

const files = new Set([
  "lib/server/errors.ts",
  "lib/server/auth/caller.ts",
  "lib/server/auth/index.ts",
  "lib/server/write/routes.ts",
  "lib/server/write/mutation.ts",
]);

describe("import cycles", () => {
  it("reads every import and re-export, type-only ones included, and resolves them in the repository", () => {
    const src = [
      'import "server-only";',
      'import type { Caller } from "../auth";',
      'import { a,\n  b } from "./mutation";',
      'export { c } from "@/lib/server/errors";',
      'import { z } from "zod";',
    ].join("\n");
    const specs = importsOf(src);
    expect(specs).toEqual(["server-only", "../auth", "./mutation", "@/lib/server/errors", "zod"]);
    expect(specs.map((s) => resolveImport("lib/server/write/routes.ts", s, files))).toEqual([
      undefined,
      "lib/server/auth/index.ts",
      "lib/server/write/mutation.ts",
      "lib/server/errors.ts",
      undefined,
    ]);
  });

  it("finds two folders that import each other, and says nothing of a layered tree", () => {
    const cyclic = new Map([
      ["lib/server/auth/caller.ts", ["lib/server/write/mutation.ts", "lib/server/errors.ts"]],
      ["lib/server/write/routes.ts", ["lib/server/auth/index.ts"]],
    ]);
    expect(folderCycles(cyclic)).toEqual([["lib/server/auth", "lib/server/write"]]);
    const layered = new Map([
      ["lib/server/auth/caller.ts", ["lib/server/errors.ts"]],
      ["lib/server/write/routes.ts", ["lib/server/auth/index.ts", "lib/server/errors.ts"]],
    ]);
    expect(folderCycles(layered)).toEqual([]);
  });

  it("finds two files of one folder that reach each other", () => {
    const imports = new Map([
      ["lib/server/auth/caller.ts", ["lib/server/auth/token-caller.ts"]],
      ["lib/server/auth/token-caller.ts", ["lib/server/auth/caller.ts"]],
    ]);
    expect(fileCycles(imports)).toEqual([["lib/server/auth/caller.ts", "lib/server/auth/token-caller.ts"]]);
    expect(folderCycles(imports)).toEqual([]);
  });
});
