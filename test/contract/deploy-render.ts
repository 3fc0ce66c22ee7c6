/** The deploy overlays as kubectl renders them (`kubectl kustomize deploy/overlays/<mode>`), parsed. */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseAllDocuments } from "yaml";

export const OVERLAYS = ["local", "token", "proxy"] as const;
export type Overlay = (typeof OVERLAYS)[number];

export const root = path.resolve(__dirname, "../..");
export const overlayDir = (m: Overlay) => path.join(root, "deploy", "overlays", m);

export interface K8sDoc {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  [k: string]: unknown;
}

export function render(m: Overlay): { text: string; docs: K8sDoc[] } {
  const text = execFileSync("kubectl", ["kustomize", overlayDir(m)], { encoding: "utf8" });
  return { text, docs: parseAllDocuments(text).map((d) => d.toJS() as K8sDoc) };
}
