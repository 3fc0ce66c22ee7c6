import type { ChangePayload, SnapshotPayload, StatusPayload } from "@/lib/k8s/wire";

export type FramePayload =
  | { event: "snapshot"; data: SnapshotPayload }
  | { event: "change"; data: ChangePayload }
  | { event: "status"; data: StatusPayload };

/**
 * One message fanned out to every subscriber of a scope. The SSE text is built at most once,
 * however many browsers receive it (a 5,000-pod snapshot is serialised once, not once per tab).
 */
const encoder = new TextEncoder();

export class Frame {
  private text?: string;
  private encoded?: Uint8Array;
  constructor(readonly payload: FramePayload) {}
  get event() {
    return this.payload.event;
  }
  /** `event: <name>\ndata: <json>\n\n` (JSON never contains a raw newline, so one data line suffices). */
  sse(): string {
    return (this.text ??= `event: ${this.payload.event}\ndata: ${JSON.stringify(this.payload.data)}\n\n`);
  }
  /** The same as UTF-8 bytes, also built once. */
  bytes(): Uint8Array {
    if (!this.encoded) {
      this.encoded = encoder.encode(this.sse());
      this.text = undefined; // keep one copy of a large snapshot, not two
    }
    return this.encoded;
  }
}
