import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Clusters } from "./clusters";
import { findKubeconfig } from "./kubeconfig";

const ARN = "arn:aws:eks:us-east-1:1:cluster/x";

describe("clusterName: one canonical name per cluster", () => {
  let clusters: Clusters;
  const clusterName = (raw: string) => clusters.name(raw);
  beforeAll(() => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kc-names-")), "kubeconfig");
    fs.writeFileSync(
      file,
      `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "http://127.0.0.1:1"}}]
users: [{name: u, user: {token: x}}]
contexts: [{name: dev, context: {cluster: c, user: u}}, {name: "${ARN}", context: {cluster: c, user: u}}, {name: "a@b", context: {cluster: c, user: u}}]
current-context: dev
`,
    );
    clusters = new Clusters(findKubeconfig({ KRUISE_CONSOLE_KUBECONFIG: file }));
  });

  it.each([
    ["dev", "dev"],
    [ARN, ARN],
    ["arn%3Aaws%3Aeks%3Aus-east-1%3A1%3Acluster%2Fx", ARN],
    ["arn:aws:eks:us-east-1:1:cluster%2Fx", ARN],
    ["a%40b", "a@b"],
  ])("%j names %j", (raw, name) => {
    expect(clusterName(raw)).toBe(name);
  });

  it.each(["%64ev", "%2564ev", "d%65v", "a%2540b", "DEV", "dev ", "dev%", "%", "prod"])(
    "%j is refused with a 400 that lists the context names",
    (raw) => {
      expect(() => clusterName(raw)).toThrow(
        /unknown cluster .*: use a kubeconfig context name exactly \(known: dev, arn/,
      );
    },
  );
});
