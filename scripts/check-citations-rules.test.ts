import { describe, expect, it } from "vitest";
import { findCitations, skipFile } from "./check-citations-rules";

// The forbidden words are assembled at run time so that this file passes the check it tests.
const design = "DESIGN" + ".md";
const stack = "STACK" + ".md";
const shared = ".." + "/shared";
const ref = "reference" + " §";
const issue = "issue" + " #";
const machine = "/" + "work" + "/";

describe("findCitations: what a clone of the repository could not follow", () => {
  it.each([
    [`// See ${design} §4 for the write path.`, "docs/architecture.md"],
    [`* see ${stack} "Monaco offline"`, "docs/toolchain.md"],
    [`(${shared}/reference/crd/apps.kruise.io_clonesets.yaml)`, "inside the repository"],
    [`// Partition maths (${ref}3.2).`, "docs/kruise-rules.md"],
    [`// Reference` + ` §7.3/§7.5`, "docs/kruise-rules.md"],
    [`(see reference/` + `cloneset-semantics.md §11.2)`, "docs/kruise-rules.md"],
    [`// Rollout intents of ${issue}5 as guarded JSON patches`, "which issue"],
    [`// Issue` + ` #7: sign-in`, "which issue"],
    [`(issues` + ` #5, #7)`, "which issue"],
    [`(\`${machine}shared/reference/crd\`)`, "relative to the repository"],
    [`Updated by helper` + ` C; last run 16:45`, "who wrote it"],
  ])("flags %j and says how to fix it", (line, fix) => {
    const hits = findCitations(`first line\n${line}\nlast line`);
    expect(hits).toHaveLength(1);
    expect(hits[0].line).toBe(2);
    expect(hits[0].fix).toContain(fix);
  });

  it.each([
    "// docs/architecture.md §2 import boundaries, enforced here.",
    "// Partition maths (docs/kruise-rules.md §3.2).",
    "// openkruise/kruise v1.6.2 pkg/controller/cloneset/sync/cloneset_update.go",
    "// Fixtures shaped like what the controller writes (docs/observed-kruise.md §a)",
    'h.writeKubeconfig("/tmp/kc", { user: "viewer" });',
    "# The CloneSet's pods (#pods in the page)",
    "a helper function, a session cookie, the session's 2 tokens",
    "const url = `${base}/api/" + "work/items`;",
  ])("leaves %j alone", (line) => {
    expect(findCitations(line)).toEqual([]);
  });

  it("reports one hit per offending line, numbered from 1", () => {
    const text = [`${design} and ${stack}`, "fine", `${ref}6`].join("\n");
    expect(findCitations(text).map((h) => h.line)).toEqual([1, 3]);
  });
});

describe("skipFile: what the check does not read", () => {
  it("skips the lockfile and binary files, reads text", () => {
    expect(skipFile("package-lock.json", Buffer.from("{}"))).toBe(true);
    expect(skipFile("docs/screenshots/list.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1a]))).toBe(true);
    expect(skipFile("README.md", Buffer.from("# Kruise Console\n"))).toBe(false);
  });
  it("skips .ci/run, which alone may name what CI keeps beside the checkout, and nothing else under .ci", () => {
    expect(skipFile(".ci/run", Buffer.from(`export X="$PWD/${shared}/x.tar.gz"\n`))).toBe(true);
    expect(skipFile(".ci/other", Buffer.from("#!/usr/bin/env bash\n"))).toBe(false);
  });
});
