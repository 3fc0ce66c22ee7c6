// The browser's copy of a log: the newest lines only, bounded in lines and in characters, so a container that logs
// thousands of lines a second for hours costs the page the same memory as one that logs ten.

/** A line longer than this is cut (the kubelet itself splits lines at 16 KiB: kubernetes pkg/kubelet/kuberuntime/logs). */
export const MAX_LINE_CHARS = 16 * 1024;

/** Keeps the last `maxLines` lines whose text adds up to at most `maxChars`; older ones are dropped and counted. */
export class LineRing {
  private lines: (string | undefined)[];
  private head = 0;
  private count = 0;
  private chars = 0;
  /** lines dropped from the front since the ring was made (or cleared) */
  dropped = 0;

  constructor(
    readonly maxLines: number,
    readonly maxChars: number,
  ) {
    if (maxLines < 1 || maxChars < 1) throw new Error("a ring keeps at least one line of one character");
    this.lines = new Array<string | undefined>(maxLines);
  }

  /** Lines kept. */
  get size(): number {
    return this.count;
  }

  /** Characters kept (a browser holds about twice as many bytes). */
  get length(): number {
    return this.chars;
  }

  /** Every line pushed so far, kept or dropped: line `i` of the ring is line `dropped + i` of the log. */
  get total(): number {
    return this.dropped + this.count;
  }

  /** The i-th line kept, oldest first. */
  at(i: number): string {
    if (i < 0 || i >= this.count) throw new RangeError(`line ${i} of ${this.count}`);
    return this.lines[(this.head + i) % this.maxLines]!;
  }

  push(line: string): void {
    const cap = Math.min(MAX_LINE_CHARS, this.maxChars);
    const text = line.length > cap ? cutLine(line, cap) : line;
    if (this.count === this.maxLines) this.dropOldest();
    while (this.count > 0 && this.chars + text.length > this.maxChars) this.dropOldest();
    this.lines[(this.head + this.count) % this.maxLines] = text;
    this.count++;
    this.chars += text.length;
  }

  clear(): void {
    this.lines = new Array<string | undefined>(this.maxLines);
    this.head = this.count = this.chars = this.dropped = 0;
  }

  private dropOldest(): void {
    const old = this.lines[this.head]!;
    this.lines[this.head] = undefined;
    this.head = (this.head + 1) % this.maxLines;
    this.count--;
    this.chars -= old.length;
    this.dropped++;
  }
}

/** A line cut to `max` characters, saying how many it cut. */
export function cutLine(line: string, max: number): string {
  const note = (n: number) => ` … [${n} more characters]`;
  let cut = line.length - max;
  for (let i = 0; i < 3; i++) cut = line.length - (max - note(cut).length);
  const keep = max - note(cut).length;
  return keep > 0 ? line.slice(0, keep) + note(cut) : line.slice(0, max);
}
