import { describe, expect, it } from "vitest";
import { isDoc, missingPaths, trackedPaths } from "./check-paths";

const known = trackedPaths([
  "lib/server/routes.ts",
  "lib/server/hub/scope.ts",
  "docs/architecture.md",
  "CONTRIBUTING.md",
  "app/api/c/[cluster]/stream/route.ts",
]);
const roots = new Set(["lib", "docs", "CONTRIBUTING.md", "app"]);
const check = (file: string, text: string) => missingPaths(file, text, (p) => known.has(p), roots);

describe("paths the docs name", () => {
  it("fails on a repository path that does not exist, naming the line and the path", () => {
    expect(check("docs/architecture.md", "ok\nthe logic is in `lib/server/rutes.ts`.\n")).toEqual([
      { line: 2, path: "lib/server/rutes.ts" },
    ]);
    expect(check("docs/architecture.md", "see [the guide](../CONTRIBUTNG.md)")).toEqual([
      { line: 1, path: "../CONTRIBUTNG.md" },
    ]);
    expect(check("lib/server/README.md", "the scope is `hub/scop.ts`")).toEqual([{ line: 1, path: "hub/scop.ts" }]);
    expect(check("lib/server/README.md", "* `rotes.ts` — the routes")).toEqual([{ line: 1, path: "rotes.ts" }]);
  });

  it("passes on paths that exist: files, folders, links, commands, line numbers, a README's own folder", () => {
    const text = [
      "`lib/server/routes.ts` and `lib/server/hub/` and [guide](../CONTRIBUTING.md#setup)",
      "run `npx vitest run lib/server/routes.ts`; see `lib/server/routes.ts:12`",
      "routes: `app/api/c/[cluster]/stream/route.ts`",
    ].join("\n");
    expect(check("docs/architecture.md", text)).toEqual([]);
    expect(check("lib/server/README.md", "`hub/scope.ts`, `routes.ts`")).toEqual([]);
    const known2 = trackedPaths(["lib/server/routes.ts", "lib/server/README.md", "lib/server/hub/scope.ts"]);
    expect(missingPaths("lib/server/README.md", "`routes.ts` and `README.md`", (p) => known2.has(p), roots)).toEqual(
      [],
    );
  });

  it("leaves upstream paths, placeholders and globs alone", () => {
    const text =
      "`pkg/controller/cloneset/cloneset_controller.go`, `lib/kruise/<concept>/`, `test/**/*.test.ts`, `lib/…/x.ts`";
    expect(check("docs/architecture.md", text)).toEqual([]);
  });

  it("reads the docs, CONTRIBUTING and every README, not other markdown", () => {
    expect([isDoc("docs/a.md"), isDoc("CONTRIBUTING.md"), isDoc("lib/kinds/README.md")]).toEqual([true, true, true]);
    expect(isDoc("test/contract/SANDBOX-GAPS.md")).toBe(false);
  });
});
