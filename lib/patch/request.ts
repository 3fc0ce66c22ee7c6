// The exact HTTP request a write will send, shown to the user before it is sent.

export const CONTENT_TYPE = {
  jsonPatch: "application/json-patch+json",
  mergePatch: "application/merge-patch+json",
  strategicMergePatch: "application/strategic-merge-patch+json",
  apply: "application/apply-patch+yaml",
} as const;

export type PatchContentType = (typeof CONTENT_TYPE)[keyof typeof CONTENT_TYPE];

export interface PatchRequest {
  method: "PATCH";
  contentType: PatchContentType;
  /** The body exactly as it goes on the wire. */
  body: string;
  /** One line on what this request does and what it risks. */
  note: string;
}
