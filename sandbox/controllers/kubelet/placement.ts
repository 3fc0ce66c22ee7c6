// Which node each live pod is on (bound, seen bound, or with a bind in flight), with a running count per node,
// so choosing the least loaded node costs O(nodes), not a pass over every pod: a 5,000-pod scale-out used to
// spend most of its kubelet time recounting placements.

export class Placement {
  private nodeOf = new Map<string, string>();
  private load = new Map<string, number>();

  get(key: string): string | undefined {
    return this.nodeOf.get(key);
  }

  set(key: string, node: string): void {
    const was = this.nodeOf.get(key);
    if (was === node) return;
    if (was !== undefined) this.count(was, -1);
    this.nodeOf.set(key, node);
    this.count(node, 1);
  }

  delete(key: string): void {
    const was = this.nodeOf.get(key);
    if (was === undefined) return;
    this.nodeOf.delete(key);
    this.count(was, -1);
  }

  /** The node with the fewest pods; ties go to the first name in string order. */
  leastLoaded(nodes: string[]): string {
    let best = nodes[0];
    for (const n of nodes.slice(1)) {
      const d = (this.load.get(n) ?? 0) - (this.load.get(best) ?? 0);
      if (d < 0 || (d === 0 && n.localeCompare(best) < 0)) best = n;
    }
    return best;
  }

  private count(node: string, by: number): void {
    const n = (this.load.get(node) ?? 0) + by;
    if (n) this.load.set(node, n);
    else this.load.delete(node);
  }
}
