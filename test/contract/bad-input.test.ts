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

  it("malformed JSON on create is 400 BadRequest with a Status", async () => {
    const r = await post(coll(), '{"apiVersion": "apps.kruise.io/v1alpha1", "kind": "CloneSet", "metadata": {');
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({
      kind: "Status",
      apiVersion: "v1",
      status: "Failure",
      reason: "BadRequest",
      code: 400,
    });
    // The tail is the decoder's own error text, which differs between Go and TypeScript.
    expect(r.json<{ message: string }>().message).toMatch(
      /^the object provided is unrecognized \(must be of type CloneSet\): /,
    );
  });

  it("malformed YAML on create is 400 BadRequest", async () => {
    const r = await post(
      coll(),
      "apiVersion: apps.kruise.io/v1alpha1\nkind: CloneSet\nmetadata: [unclosed\n",
      "application/yaml",
    );
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ kind: "Status", reason: "BadRequest", code: 400 });
    expect(r.json<{ message: string }>().message).toMatch(
      /^the object provided is unrecognized \(must be of type CloneSet\): /,
    );
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
