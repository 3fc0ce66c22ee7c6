/**
 * Small formatting helpers shared by the view models.
 */

export { plural } from "../core/plural";

/**
 * kubectl's AGE column: `HumanDuration` from k8s.io/apimachinery/pkg/util/duration (duration.go).
 */
export function humanDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 0) return "0s";
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 10) return s % 60 === 0 ? `${m}m` : `${m}m${s % 60}s`;
  if (m < 180) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 8) return m % 60 === 0 ? `${h}h` : `${h}h${m % 60}m`;
  if (h < 48) return `${h}h`;
  if (h < 24 * 8) return h % 24 === 0 ? `${Math.floor(h / 24)}d` : `${Math.floor(h / 24)}d${h % 24}h`;
  if (h < 24 * 365 * 2) return `${Math.floor(h / 24)}d`;
  const y = Math.floor(h / 24 / 365);
  const d = Math.floor(h / 24) % 365;
  if (h < 24 * 365 * 8) return d === 0 ? `${y}y` : `${y}y${d}d`;
  return `${y}y`;
}

/** AGE of an object created at `iso`, or "" when the timestamp is missing/unparsable. */
export function age(iso: string | undefined | null, now: Date): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  return Number.isNaN(t) ? "" : humanDuration(now.getTime() - t);
}

/** Milliseconds since epoch, or 0 for missing/unparsable times (sorts them first). */
export function timeOf(iso: string | undefined | null): number {
  if (!iso) return 0;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}

// A page compares the same few revision names thousands of times (every pod against the update revision).
const hashes = new Map<string, string>();

/** After the last "-": revision labels hold `<cloneset>-<hash>` or just `<hash>` (docs/kruise-rules.md §6.3). */
export function shortHash(revision: string | undefined): string {
  if (!revision) return "";
  let h = hashes.get(revision);
  if (h === undefined) {
    const i = revision.lastIndexOf("-");
    h = i < 0 ? revision : revision.slice(i + 1);
    if (hashes.size > 4096) hashes.clear();
    hashes.set(revision, h);
  }
  return h;
}

/** Same revision by the controller's rule: compare the hash after the last "-" (cloneset_utils.go: EqualToRevisionHash). */
export function sameRevision(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && shortHash(a) === shortHash(b);
}

// Object names as the API server accepts them for pods (DNS-1123 subdomains: lowercase letters, digits, "-", ".").
const DNS_NAME = /^[a-z0-9.-]*$/;

/** Every name is a DNS-1123 name (k8s.io/apimachinery pkg/util/validation: IsDNS1123Subdomain's characters). */
export function allDnsNames(names: readonly string[]): boolean {
  return names.every((n) => DNS_NAME.test(n));
}

/** Code-point order, as kubectl sorts names (Go's string comparison). */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Names in String.prototype.localeCompare's order. Two DNS-1123 names compare by code point, which is the same
 * order for them ("-" < "." < digits < letters, a prefix first) and what kubectl shows, without the collator:
 * its first use on a page loads the locale's collation data, a long task of its own on a slow machine.
 */
export function compareNames(a: string, b: string): number {
  return DNS_NAME.test(a) && DNS_NAME.test(b) ? byCodePoint(a, b) : a.localeCompare(b);
}

/** "a", "a and b", "a, b and c". */
export function listPhrase(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
