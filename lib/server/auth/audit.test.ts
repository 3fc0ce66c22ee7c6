import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AuditLog, type AuditRecord } from "./audit";

const record: AuditRecord = {
  time: "2026-11-22T18:00:00.000Z",
  user: "alice",
  groups: ["dev"],
  mode: "token",
  cluster: "prod",
  verb: "patch",
  object: { resource: "clonesets.apps.kruise.io", namespace: "shop", name: "web" },
  request: { intent: "partition", value: 3 },
  result: { code: 200 },
};

describe("audit log", () => {
  it("appends one JSON line per write attempt to its file (KRUISE_CONSOLE_AUDIT_LOG), all there after flush()", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "audit-")), "audit.log");
    const log = new AuditLog({ file, anonPerMinute: 60 });
    log.record(record);
    log.record({ ...record, user: "bob", result: { code: 403, reason: "Forbidden" } });
    await log.flush();
    const lines = fs
      .readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({ audit: "kruise-console/v1", ...record });
    expect(lines[1]).toMatchObject({ user: "bob", result: { code: 403 } });
  });
});
