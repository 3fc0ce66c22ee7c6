// Bounds on what the merge and diff accept, so one request cannot make the server work for
// seconds: every input is measured first (one pass, no recursion), and anything beyond what a
// real Kubernetes object holds is refused with an error that says which bound and where.

/**
 * The limits, in one place. A pod spec holds at most a few hundred containers, env entries or
 * volumes; etcd stores objects of at most 1.5 MiB (etcd `--max-request-bytes` default), which
 * as JSON is well under `maxNodes` values of realistic shape. `maxDepth` is far deeper than any
 * pod template (about 12 levels at `…nodeSelectorTerms[].matchExpressions[].values[]`).
 */
export const PATCH_LIMITS = {
  /** elements in any one list */
  maxListLength: 2048,
  /** values (objects, lists, strings, numbers, …) in one object, counted over the whole tree */
  maxNodes: 200_000,
  /** nesting of objects and lists */
  maxDepth: 64,
  /** fields that conflict in one merge */
  maxConflicts: 1000,
} as const;

export type PatchLimits = { -readonly [K in keyof typeof PATCH_LIMITS]: number };

/** Keys that would reach an object's prototype when assigned or walked with `in`. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function isForbiddenKey(k: unknown): boolean {
  return typeof k === "string" && FORBIDDEN_KEYS.has(k);
}

/**
 * A request the patch library refuses: `status` 413 for input beyond a size limit, 422 for a
 * field name it will not walk. Servers answer with this status and the message as is.
 */
export class PatchInputError extends Error {
  constructor(
    readonly status: 413 | 422,
    message: string,
  ) {
    super(message);
    this.name = "PatchInputError";
  }
  get reason(): string {
    return this.status === 413 ? "RequestEntityTooLarge" : "Invalid";
  }
}

export function forbiddenKeyError(key: string, where: string): PatchInputError {
  return new PatchInputError(
    422,
    `field name ${JSON.stringify(key)}${where ? ` at ${where}` : ""} is not accepted: ` +
      `__proto__, constructor and prototype are refused as field names; remove that field (edit the object with kubectl if the cluster holds it)`,
  );
}

// A path kept as a parent chain, so measuring allocates one small record per value.
interface At {
  key: string;
  up: At | null;
  depth: number;
}
function where(at: At | null): string {
  const keys: string[] = [];
  for (let a = at; a; a = a.up) keys.unshift(a.key);
  return keys.length ? keys.join(".") : "the top level";
}

/**
 * Throws a PatchInputError when `value` (named `what` in the message, e.g. "mine") exceeds a
 * limit or holds a forbidden key. Iterative, so a 1 MB `[[[[…]]]]` cannot overflow the stack;
 * only objects and lists are stacked, so measuring costs far less than the merge it guards.
 */
export function assertWithinLimits(value: unknown, what: string, limits: PatchLimits = PATCH_LIMITS): void {
  const values: object[] = [];
  const ats: (At | null)[] = [];
  let nodes = 0;
  const visit = (v: unknown, at: At | null) => {
    if (++nodes > limits.maxNodes)
      throw new PatchInputError(
        413,
        `${what} has more than ${limits.maxNodes} values: far beyond a real Kubernetes object; edit the object as read from the cluster`,
      );
    if (v === null || typeof v !== "object") return;
    if ((at ? at.depth : 0) > limits.maxDepth)
      throw new PatchInputError(
        413,
        `${what} is nested more than ${limits.maxDepth} levels deep at ${where(at)}: remove the extra nesting`,
      );
    values.push(v);
    ats.push(at);
  };
  visit(value, null);
  while (values.length) {
    const v = values.pop()!;
    const at = ats.pop()!;
    const depth = at ? at.depth + 1 : 1;
    if (Array.isArray(v)) {
      if (v.length > limits.maxListLength)
        throw new PatchInputError(
          413,
          `${what} has a list of ${v.length} elements at ${where(at)} (at most ${limits.maxListLength}): shorten that list`,
        );
      for (let i = 0; i < v.length; i++) visit(v[i], { key: String(i), up: at, depth });
      continue;
    }
    for (const k of Object.keys(v)) {
      if (isForbiddenKey(k)) throw forbiddenKeyError(k, `${what} ${where(at)}`);
      visit((v as Record<string, unknown>)[k], { key: k, up: at, depth });
    }
  }
}
