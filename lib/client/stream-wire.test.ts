import { describe, expect, it } from "vitest";
import { forward, PART_ITEMS, receiver, SPLIT_ABOVE, type WorkerMessage } from "./stream-wire";
import type { K8sObject, StreamEvent } from "../k8s/wire";

const pod = (i: number): K8sObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: `p-${String(i).padStart(5, "0")}`, namespace: "shop", annotations: { pad: "x".repeat(200) } },
});

function relay(name: string, data: string) {
  const sent: WorkerMessage[] = [];
  forward(name, data, 1234, (m) => sent.push(m));
  const got: { ev: StreamEvent; at: number }[] = [];
  const parts: [string, number][] = [];
  const onMessage = receiver({
    event: (ev, at) => got.push({ ev, at }),
    open: () => undefined,
    error: () => undefined,
    part: (r, items) => parts.push([r, items.length]),
  });
  sent.forEach(onMessage);
  return { sent, got, parts };
}

describe("stream worker relay", () => {
  it("hands a large snapshot over in parts and the page gets the same snapshot, objects in order", () => {
    const snapshot = {
      resource: "pods",
      namespace: "shop",
      resourceVersion: "77",
      items: [...Array(2000)].map((_, i) => pod(i)),
    };
    const data = JSON.stringify(snapshot);
    expect(data.length).toBeGreaterThan(SPLIT_ABOVE);
    const { sent, got, parts } = relay("snapshot", data);
    expect(sent.filter((m) => m.kind === "part")).toHaveLength(Math.ceil(2000 / PART_ITEMS));
    expect(parts.every(([r, n]) => r === "pods" && n <= PART_ITEMS)).toBe(true);
    expect(got).toEqual([{ ev: { event: "snapshot", data: snapshot }, at: 1234 }]);
  });

  it("passes small messages through as text, and the next snapshot does not inherit the last one's objects", () => {
    const big = {
      resource: "pods",
      namespace: "shop",
      resourceVersion: "1",
      items: [...Array(1500)].map((_, i) => pod(i)),
    };
    const change = { resource: "pods", namespace: "shop", type: "MODIFIED", object: pod(1) };
    const small = { resource: "pods", namespace: "shop", resourceVersion: "2", items: [pod(7)] };
    const sent: WorkerMessage[] = [];
    forward("snapshot", JSON.stringify(big), 1, (m) => sent.push(m));
    forward("change", JSON.stringify(change), 2, (m) => sent.push(m));
    forward("snapshot", JSON.stringify(small), 3, (m) => sent.push(m));
    expect(sent.slice(-2).map((m) => m.kind)).toEqual(["message", "message"]);
    const got: StreamEvent[] = [];
    const onMessage = receiver({ event: (ev) => got.push(ev), open: () => undefined, error: () => undefined });
    sent.forEach(onMessage);
    expect(got).toEqual([
      { event: "snapshot", data: big },
      { event: "change", data: change },
      { event: "snapshot", data: small },
    ]);
  });

  it("drops a malformed message on the page as the direct stream does", () => {
    const { got } = relay("snapshot", `{"resource":"pods","items":[${"1,".repeat(SPLIT_ABOVE)}`);
    expect(got).toEqual([]);
  });

  it("reports the connection opening and giving up", () => {
    const seen: string[] = [];
    const onMessage = receiver({
      event: () => undefined,
      open: () => seen.push("open"),
      error: (gaveUp) => seen.push(gaveUp ? "gave up" : "retrying"),
    });
    onMessage({ kind: "open" });
    onMessage({ kind: "error", gaveUp: false });
    onMessage({ kind: "error", gaveUp: true });
    expect(seen).toEqual(["open", "retrying", "gave up"]);
  });
});
