/**
 * Contract: bad input never crashes the server and gets a Status (apiserver
 * pkg/endpoints/handlers/rest.go, create.go; apimachinery validation.IsDNS1123Subdomain/Label;
 * apiserver filters/maxinflight + handlers limitedReadBody for 413).
 */
import { describe, expect, it } from "vitest";
import { KINDS, statusBody, useCluster } from "./lib/harness";
import { cloneSet, clonesets } from "./lib/fixtures";
import { raw } from "./lib/raw";

const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

describe.each(KINDS)("bad input (%s)", (kind) => {
  const h = useCluster(kind, { ns: "bad" });
  const coll = () => `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets`;
  const post = (path: string, body: string, contentType = "application/json") =>
    raw(h.c, { method: "POST", path, headers: { "Content-Type": contentType }, body });

  // The message is kube's decoder chain (handlers/rest.go transformDecodeError → SimpleMetaFactory.Interpret →
  // encoding/json) followed by up to 30 bytes of the body; both servers word these bodies identically.
  const UNRECOGNIZED = "the object provided is unrecognized (must be of type CloneSet): couldn't get version/kind; ";
  it.each([
    [
      "a truncated object",
      '{"apiVersion": "apps.kruise.io/v1alpha1", "kind": "CloneSet", "metadata": {',
      'json parse error: unexpected end of JSON input ({"apiVersion": "apps.kruise.io ...)',
    ],
    ["an empty body", "", "json parse error: unexpected end of JSON input (<empty>)"],
    ["a bare word", "xyz", "json parse error: invalid character 'x' looking for beginning of value (78797a)"],
    [
      "an object followed by garbage",
      '{"a":1}x',
      "json parse error: invalid character 'x' after top-level value ({\"a\":1}x)",
    ],
    [
      "an array",
      "[1,2]",
      'json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" } (5b312c325d)',
    ],
    [
      "a numeric apiVersion",
      '{"apiVersion":5}',
      'json parse error: json: cannot unmarshal number into Go struct field .apiVersion of type string ({"apiVersion":5})',
    ],
    [
      "a broken literal",
      '{"a":tru}',
      "json parse error: invalid character '}' in literal true (expecting 'e') ({\"a\":tru})",
    ],
  ])(
    "malformed JSON on create (%s) is 400 BadRequest naming the Kind, the JSON error and the body",
    async (_, body, tail) => {
      const r = await post(coll(), body);
      expect(r.status).toBe(400);
      expect(r.json()).toEqual(statusBody(400, "BadRequest", UNRECOGNIZED + tail));
    },
  );

  it("malformed YAML on create is 400 BadRequest", async () => {
    const r = await post(
      coll(),
      "apiVersion: apps.kruise.io/v1alpha1\nkind: CloneSet\nmetadata: [unclosed\n",
      "application/yaml",
    );
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ kind: "Status", reason: "BadRequest", code: 400 });
    // The YAML parser's own words differ (Go's yaml.v2 vs ours); the frame and the hex body excerpt do not.
    const message = r.json<{ message: string }>().message;
    expect(message).toMatch(/^the object provided is unrecognized \(must be of type CloneSet\): /);
    expect(message).toMatch(/ \(61706956657273696f6e3a20617070732e6b72756973652e696f2f763161 \.\.\.\)$/);
  });

  // v1.20 answers a merge patch that is not JSON with 500 "Invalid JSON Patch"; the sandbox answers 400, as newer
  // servers do.
  it.runIf(kind === "sandbox")(
    "newer-Kubernetes behaviour, sandbox-only: a malformed merge patch body is 400 and the object is unchanged",
    async () => {
      const before = await clonesets(h.c.kubeConfig(), h.ns).create(cloneSet("mal"));
      const r = await raw(h.c, {
        method: "PATCH",
        path: `${coll()}/mal`,
        headers: { "Content-Type": "application/merge-patch+json" },
        body: "{not json",
      });
      expect(r.status).toBe(400);
      expect(r.json()).toMatchObject({ kind: "Status", reason: "BadRequest", code: 400 });
      expect((await clonesets(h.c.kubeConfig(), h.ns).get("mal")).metadata.resourceVersion).toBe(
        before.metadata.resourceVersion,
      );
    },
  );

  it.runIf(kind === "kube-apiserver")(
    "v1.20 quirk, kube-apiserver-only: a malformed merge patch body is 500 Invalid JSON Patch",
    async () => {
      await clonesets(h.c.kubeConfig(), h.ns).create(cloneSet("mal"));
      const r = await raw(h.c, {
        method: "PATCH",
        path: `${coll()}/mal`,
        headers: { "Content-Type": "application/merge-patch+json" },
        body: "{not json",
      });
      expect(r.status).toBe(500);
      expect(r.json()).toEqual(statusBody(500, undefined, "Invalid JSON Patch"));
    },
  );

  it("a JSON patch that is not an array of operations is 400", async () => {
    await clonesets(h.c.kubeConfig(), h.ns).create(cloneSet("mal-jp"));
    const r = await raw(h.c, {
      method: "PATCH",
      path: `${coll()}/mal-jp`,
      headers: { "Content-Type": "application/json-patch+json" },
      body: '{"op":"replace"}',
    });
    expect(r.status).toBe(400);
    expect(r.json()).toEqual(
      statusBody(400, "BadRequest", "json: cannot unmarshal object into Go value of type jsonpatch.Patch"),
    );
  });

  it("an unknown core resource is 404 NotFound with a Status", async () => {
    const r = await raw(h.c, { path: "/api/v1/namespaces/shop/widgets" });
    expect(r.status).toBe(404);
    expect(r.json()).toEqual(statusBody(404, "NotFound", "the server could not find the requested resource", {}));
  });

  // Paths under /apis that no group serves fall through to the mux's plain-text NotFound handler.
  it.each([
    ["/apis/apps.kruise.io/v1alpha1/namespaces/shop/widgets", "an unknown resource in a custom group"],
    ["/apis/nope.example.com/v1/widgets", "an unknown group"],
  ])("GET %s (%s) is 404 with kube's plain-text body", async (path) => {
    const r = await raw(h.c, { path });
    expect(r.status).toBe(404);
    expect(r.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(r.text).toBe("404 page not found\n");
  });

  it("an invalid object name is 422 with the RFC 1123 subdomain message", async () => {
    const r = await post(coll(), JSON.stringify({ ...cloneSet("x"), metadata: { name: "Bad_Name" } }));
    expect(r.status).toBe(422);
    expect(r.json()).toEqual(
      statusBody(
        422,
        "Invalid",
        `CloneSet.apps.kruise.io "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": ${SUBDOMAIN_MSG}`,
        {
          name: "Bad_Name",
          group: "apps.kruise.io",
          kind: "CloneSet",
          causes: [
            {
              reason: "FieldValueInvalid",
              message: `Invalid value: "Bad_Name": ${SUBDOMAIN_MSG}`,
              field: "metadata.name",
            },
          ],
        },
      ),
    );
  });

  it("an invalid namespace name is 422 with the RFC 1123 label message", async () => {
    const r = await post(
      "/api/v1/namespaces",
      JSON.stringify({ apiVersion: "v1", kind: "Namespace", metadata: { name: "bad.ns" } }),
    );
    expect(r.status).toBe(422);
    expect(r.json()).toEqual(
      statusBody(
        422,
        "Invalid",
        `Namespace "bad.ns" is invalid: metadata.name: Invalid value: "bad.ns": ${LABEL_MSG}`,
        {
          name: "bad.ns",
          kind: "Namespace",
          causes: [
            { reason: "FieldValueInvalid", message: `Invalid value: "bad.ns": ${LABEL_MSG}`, field: "metadata.name" },
          ],
        },
      ),
    );
  });

  it("a body over 3 MiB is 413 and nothing is stored", async () => {
    const big = {
      ...cloneSet("huge"),
      metadata: { name: "huge", annotations: { blob: "x".repeat(3 * 1024 * 1024 + 10) } },
    };
    const r = await post(coll(), JSON.stringify(big));
    expect(r.status).toBe(413);
    expect(r.json()).toEqual(statusBody(413, "RequestEntityTooLarge", "Request entity too large: limit is 3145728"));
    expect((await raw(h.c, { path: `${coll()}/huge` })).status).toBe(404);
  });

  it("a wrongly typed status field is 422 from the CRD schema (type cause: FieldValueInvalid on v1.20, FieldValueTypeInvalid on newer servers and the sandbox)", async () => {
    await clonesets(h.c.kubeConfig(), h.ns).create(cloneSet("typed"));
    const r = await raw(h.c, {
      method: "PATCH",
      path: `${coll()}/typed/status`,
      headers: { "Content-Type": "application/merge-patch+json" },
      body: JSON.stringify({
        status: {
          replicas: "two",
          readyReplicas: 0,
          availableReplicas: 0,
          updatedReplicas: 0,
          updatedReadyReplicas: 0,
        },
      }),
    });
    expect(r.status).toBe(422);
    const body = r.json<{
      message: string;
      reason: string;
      details: { name: string; kind: string; causes: unknown[] };
    }>();
    expect(body).toMatchObject({
      reason: "Invalid",
      details: { name: "typed", group: "apps.kruise.io", kind: "CloneSet" },
    });
    expect(body.message).toMatch(
      /^CloneSet\.apps\.kruise\.io "typed" is invalid: \[?status\.replicas: Invalid value: "string": status\.replicas in body must be of type integer: "string"/,
    );
    // v1.20 adds a second ".status.replicas accessor error" cause and words the reason FieldValueInvalid;
    // newer servers (and the sandbox, following docs/kruise-rules.md §11.8) give one FieldValueTypeInvalid cause.
    const reason = kind === "sandbox" ? "FieldValueTypeInvalid" : "FieldValueInvalid";
    expect(body.details.causes[0]).toEqual({
      reason,
      message: 'Invalid value: "string": status.replicas in body must be of type integer: "string"',
      field: "status.replicas",
    });
  });

  it("the server keeps serving after all of the above", async () => {
    expect((await raw(h.c, { path: coll() })).status).toBe(200);
  });
});
