import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { beforeAll, describe, expect, it } from "vitest";
import { ScriptedBrowser } from "./browser";
import { clonesets } from "../contract/lib/fixtures";
import { KINDS, NS, unique, useConsole } from "./harness";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// No single request stalls everyone: an edit request is measured before it is merged, so a hostile
// body is refused (413) while the console keeps answering others; and no path from a request can
// walk into an object's prototype.
describe.each(KINDS)("hostile edit requests (%s)", (kind) => {
  const con = useConsole(kind, { KRUISE_CONSOLE_MODE: "token" });
  const b = new ScriptedBrowser();
  beforeAll(async () => {
    expect((await b.signIn(con.c.tokens.deployer)).status).toBe(200);
  });

  const env = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ name: `E${i}`, value: `${tag}${i}` }));
  const withEnv = (o: Obj, list: Obj[]): Obj => {
    const c = JSON.parse(JSON.stringify(o));
    c.spec.template.spec.containers[0].env = list;
    return c;
  };

  it("a preview with 32k list items is refused with 413 while concurrent reads complete", async () => {
    const name = unique("stall");
    const live = await con.createCloneSet(name);
    // Just under the 1 MiB body limit: 32k new containers, each needing a place in the merged order
    // (base differs from the live object, so the merge has to walk down to the list).
    const base = JSON.parse(JSON.stringify(live));
    base.spec.template.spec.containers = [{ name: "gone", image: "x" }];
    const mine = JSON.parse(JSON.stringify(live));
    mine.spec.template.spec.containers = Array.from({ length: 32_768 }, (_, i) => ({ name: `c${i}` }));
    const settled: string[] = [];
    const hostile = b.edit("admin", NS, "clonesets", name, { base, mine, preview: true }).then((res) => {
      settled.push("hostile");
      return res;
    });
    const reads = Array.from({ length: 3 }, () =>
      b.object("admin", NS, "clonesets", name).then((res) => {
        settled.push("read");
        return res;
      }),
    );
    const [refused, ...answers] = await Promise.all([hostile, ...reads]);
    expect(refused.status).toBe(413);
    expect((await refused.json()).message).toMatch(
      /mine has a list of 32768 elements at spec\.template\.spec\.containers \(at most 2048\): shorten that list/,
    );
    for (const res of answers) expect(res.status).toBe(200);
    // Measuring happens before anything is read from the cluster, so the refusal comes first.
    expect(settled[0]).toBe("hostile");
    expect(settled).toHaveLength(4);
  });

  it("an edit within the limits still previews", async () => {
    const name = unique("fits");
    const live = await con.createCloneSet(name);
    const res = await b.edit("admin", NS, "clonesets", name, {
      base: live,
      mine: withEnv(live, env(500, "m")),
      preview: true,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).kind).toBe("preview");
  });

  it("a conflict choice at spec.template.__proto__.x is refused with 422 and cannot pollute Object.prototype", async () => {
    const name = unique("proto");
    const plain = await con.createCloneSet(name);
    // A template key named __proto__ (kept: spec.template preserves unknown fields, and no webhook
    // prunes it here), given the way JSON.parse gives it: as an own property.
    const withProto = (o: Obj, x: string): Obj =>
      JSON.parse(JSON.stringify(o).replace('"template":{', `"template":{"__proto__":{"x":"${x}"},`));
    const cs = clonesets(con.c.kubeConfig(), NS);
    const stored = await cs.replace(name, withProto(plain, "theirs"));
    expect(JSON.stringify(stored.spec?.template)).toContain('"__proto__":{"x":"theirs"}');
    plain.metadata.resourceVersion = stored.metadata.resourceVersion;
    const input = {
      base: withProto(plain, "base"),
      mine: withProto(plain, "mine"),
      choices: JSON.parse('{"spec.template.__proto__.x":"mine"}'),
      preview: true,
    };
    const body = JSON.stringify(input);
    expect(body).toContain('"__proto__":{"x":"mine"}');
    try {
      const res = await b.edit("admin", NS, "clonesets", name, JSON.parse(body));
      expect(({} as Obj).x, "Object.prototype was written").toBeUndefined();
      expect(res.status).toBe(422);
      expect((await res.json()).message).toMatch(
        /field name "__proto__" at base spec\.template is not accepted: __proto__, constructor and prototype are refused/,
      );
      const choice = await b.edit("admin", NS, "clonesets", name, {
        base: plain,
        mine: withEnv(plain, env(1, "m")),
        choices: { "spec.template.__proto__.x": "mine" },
        preview: true,
      });
      expect(choice.status).toBe(422);
      expect((await choice.json()).message).toMatch(/field name "__proto__" at conflict choice/);
    } finally {
      delete (Object.prototype as Obj).x;
    }
  });
});
