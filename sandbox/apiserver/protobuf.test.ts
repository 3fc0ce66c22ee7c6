import { describe, expect, it } from "vitest";
import { decodeProtobufReview } from "./protobuf";

// Minimal protobuf writer for the test: length-delimited fields only (what the review messages use).
const varint = (n: number): number[] => {
  const o: number[] = [];
  while (n > 127) {
    o.push((n & 127) | 128);
    n >>>= 7;
  }
  o.push(n);
  return o;
};
const field = (n: number, v: Uint8Array | string): number[] => {
  const bytes = typeof v === "string" ? [...new TextEncoder().encode(v)] : [...v];
  return [...varint(n * 8 + 2), ...varint(bytes.length), ...bytes];
};
const m = (...fs: number[][]) => new Uint8Array(fs.flat());

describe("protobuf review bodies (kubectl auth can-i)", () => {
  it("decodes a SelfSubjectAccessReview sent in the k8s protobuf envelope", () => {
    const attrs = m(field(1, "shop"), field(2, "patch"), field(3, "apps.kruise.io"), field(5, "clonesets"));
    const ssar = m(field(2, m(field(1, attrs))));
    const unknown = m(
      field(1, m(field(1, "authorization.k8s.io/v1"), field(2, "SelfSubjectAccessReview"))),
      field(2, ssar),
    );
    const body = Buffer.concat([Buffer.from("k8s\0", "latin1"), Buffer.from(unknown)]);
    expect(decodeProtobufReview(body)).toEqual({
      apiVersion: "authorization.k8s.io/v1",
      kind: "SelfSubjectAccessReview",
      spec: {
        resourceAttributes: { namespace: "shop", verb: "patch", group: "apps.kruise.io", resource: "clonesets" },
      },
    });
  });

  it("decodes a Namespace as kubectl create namespace sends it", () => {
    const label = m(field(1, "team"), field(2, "shop"));
    const ns = m(field(1, m(field(1, "shop"), field(11, label))));
    const unknown = m(field(1, m(field(1, "v1"), field(2, "Namespace"))), field(2, ns));
    const body = Buffer.concat([Buffer.from("k8s\0", "latin1"), Buffer.from(unknown)]);
    expect(decodeProtobufReview(body)).toEqual({
      apiVersion: "v1",
      kind: "Namespace",
      metadata: { name: "shop", labels: { team: "shop" } },
    });
  });

  it("rejects a body without the envelope with 400", () => {
    expect(() => decodeProtobufReview(Buffer.from("{}"))).toThrow(/envelope/);
  });
});
