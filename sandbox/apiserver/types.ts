/** Shared shapes of the sandbox API server (no logic). */

// Kubernetes objects are open JSON documents; the server treats them as such.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  priority?: number;
  format?: string;
}

export interface ScaleSpec {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

/** One served resource type (a built-in or a version of an installed CRD). */
export interface ResourceType {
  group: string;
  version: string;
  resource: string; // plural
  kind: string;
  listKind: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  verbs: string[];
  status: boolean; // has a /status subresource
  scale?: ScaleSpec;
  builtin: boolean;
  crd?: Obj; // the CRD object for custom resources
  columns?: PrinterColumn[]; // additionalPrinterColumns for CRs
  extraSubresources?: string[]; // e.g. pods/binding
  /** Whether objects may be updated without a resourceVersion (true for most built-ins, false for CRs). */
  unconditionalUpdate: boolean;
}

export const apiVersionOf = (rt: { group: string; version: string }) =>
  rt.group ? `${rt.group}/${rt.version}` : rt.version;

export const grKey = (rt: { group: string; resource: string }) => `${rt.resource}.${rt.group}`;
