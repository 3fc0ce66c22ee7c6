import { errors } from "./status";
import type { Obj } from "./types";

/**
 * Just enough of Kubernetes' protobuf encoding to read the review objects kubectl sends as
 * `application/vnd.kubernetes.protobuf` (e.g. `kubectl auth can-i`): the `k8s\0` envelope holding a
 * runtime.Unknown (apimachinery `pkg/runtime/serializer/protobuf`) and the review messages of
 * `k8s.io/api/authorization/v1/generated.proto` and `authentication/v1/generated.proto`.
 */
type Fields = Map<number, (Uint8Array | number)[]>;

function readVarint(b: Uint8Array, pos: number): [number, number] {
  let v = 0,
    mul = 1;
  for (;;) {
    if (pos >= b.length) throw errors.badRequest("truncated protobuf varint");
    const byte = b[pos++];
    v += (byte & 0x7f) * mul;
    if (!(byte & 0x80)) return [v, pos];
    mul *= 128;
  }
}

function parse(b: Uint8Array): Fields {
  const out: Fields = new Map();
  let pos = 0;
  while (pos < b.length) {
    const [key, p1] = readVarint(b, pos);
    const field = Math.floor(key / 8),
      wire = key & 7;
    let val: Uint8Array | number;
    if (wire === 0) [val, pos] = readVarint(b, p1);
    else if (wire === 2) {
      const [len, p2] = readVarint(b, p1);
      val = b.subarray(p2, p2 + len);
      pos = p2 + len;
    } else if (wire === 1) {
      val = 0;
      pos = p1 + 8;
    } else if (wire === 5) {
      val = 0;
      pos = p1 + 4;
    } else throw errors.badRequest(`unsupported protobuf wire type ${wire}`);
    out.set(field, [...(out.get(field) ?? []), val]);
  }
  return out;
}

const text = (f: Fields, n: number) => {
  const v = f.get(n)?.[0];
  return v instanceof Uint8Array ? new TextDecoder().decode(v) : undefined;
};
const texts = (f: Fields, n: number) =>
  (f.get(n) ?? []).filter((v): v is Uint8Array => v instanceof Uint8Array).map((v) => new TextDecoder().decode(v));
const msg = (f: Fields, n: number) => {
  const v = f.get(n)?.[0];
  return v instanceof Uint8Array ? parse(v) : undefined;
};

function clean(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

function resourceAttributes(f?: Fields): Obj | undefined {
  if (!f) return undefined;
  return clean({
    namespace: text(f, 1),
    verb: text(f, 2),
    group: text(f, 3),
    version: text(f, 4),
    resource: text(f, 5),
    subresource: text(f, 6),
    name: text(f, 7),
  });
}

const nonResource = (f?: Fields) => (f ? clean({ path: text(f, 1), verb: text(f, 2) }) : undefined);

/** map<string,string> entries (field 1 key, field 2 value). */
function stringMap(f: Fields, n: number): Record<string, string> | undefined {
  const entries = (f.get(n) ?? []).filter((v): v is Uint8Array => v instanceof Uint8Array).map(parse);
  return entries.length ? Object.fromEntries(entries.map((e) => [text(e, 1) ?? "", text(e, 2) ?? ""])) : undefined;
}

/** The ObjectMeta fields a client sets on create (`apimachinery/pkg/apis/meta/v1/generated.proto`). */
function objectMeta(f?: Fields): Obj {
  if (!f) return {};
  const fin = texts(f, 14);
  return clean({
    name: text(f, 1),
    generateName: text(f, 2),
    namespace: text(f, 3),
    labels: stringMap(f, 11),
    annotations: stringMap(f, 12),
    finalizers: fin.length ? fin : undefined,
  });
}

/** Decodes a protobuf-encoded review (or Namespace, as `kubectl create namespace` sends) into JSON. */
export function decodeProtobufReview(body: Buffer): Obj {
  if (body.length < 4 || body.subarray(0, 4).toString("latin1") !== "k8s\0")
    throw errors.badRequest("protobuf body lacks the k8s envelope");
  const unknown = parse(body.subarray(4));
  const tm = msg(unknown, 1);
  const kind = tm ? text(tm, 2) : undefined;
  const apiVersion = tm ? text(tm, 1) : undefined;
  const raw = unknown.get(2)?.[0];
  const obj = raw instanceof Uint8Array ? parse(raw) : new Map();
  const spec = msg(obj, 2) ?? new Map();
  if (kind === "TokenReview")
    return { apiVersion, kind, spec: clean({ token: text(spec, 1), audiences: texts(spec, 2) }) };
  if (kind === "SelfSubjectAccessReview") {
    return {
      apiVersion,
      kind,
      spec: clean({
        resourceAttributes: resourceAttributes(msg(spec, 1)),
        nonResourceAttributes: nonResource(msg(spec, 2)),
      }),
    };
  }
  if (kind === "SubjectAccessReview") {
    return {
      apiVersion,
      kind,
      spec: clean({
        resourceAttributes: resourceAttributes(msg(spec, 1)),
        nonResourceAttributes: nonResource(msg(spec, 2)),
        user: text(spec, 3),
        groups: texts(spec, 4),
        uid: text(spec, 6),
      }),
    };
  }
  if (kind === "Namespace") return { apiVersion, kind, metadata: objectMeta(msg(obj, 1)) };
  throw errors.unsupportedMediaType(["application/json", "application/yaml"]);
}
