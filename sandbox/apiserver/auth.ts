import { readFileSync } from "node:fs";
import { parse } from "yaml";

export interface Rule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  exceptResources?: string[];
  namespaces?: string[];
  nonResourceURLs?: string[];
}
export interface UserEntry {
  name: string;
  token: string;
  groups?: string[];
  rules?: Rule[];
}
export interface UsersFile {
  users: UserEntry[];
  groups?: { name: string; rules: Rule[] }[];
}
export interface User {
  name: string;
  groups: string[];
}

/** What is being asked (kube's authorizer.Attributes). */
export interface Attributes {
  verb: string;
  group?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  path?: string;
}

export function loadUsers(src: string | UsersFile): UsersFile {
  const f = typeof src === "string" ? (parse(readFileSync(src, "utf8")) as UsersFile) : src;
  if (!f || !Array.isArray(f.users)) throw new Error("users file must have a `users:` list");
  return f;
}

const has = (list: string[] | undefined, v: string) => !!list && (list.includes("*") || list.includes(v));

function resourceMatches(rule: Rule, a: Attributes): boolean {
  const combined = a.subresource ? `${a.resource}/${a.subresource}` : a.resource!;
  if (rule.exceptResources?.includes(a.resource!) || rule.exceptResources?.includes(combined)) return false;
  const rs = rule.resources ?? [];
  // RBAC's ResourceMatches: "*" covers everything, "*/sub" any resource's subresource.
  return rs.some((r) => r === "*" || r === combined || (a.subresource !== undefined && r === `*/${a.subresource}`));
}

/** RBAC-like rule match (kube `plugin/pkg/auth/authorizer/rbac/rbac.go` RuleAllows). */
export function ruleAllows(rule: Rule, a: Attributes): boolean {
  if (!has(rule.verbs, a.verb)) return false;
  if (a.path !== undefined)
    return (rule.nonResourceURLs ?? []).some(
      (u) => u === "*" || u === a.path || (u.endsWith("*") && a.path!.startsWith(u.slice(0, -1))),
    );
  if (!has(rule.apiGroups ?? ["*"], a.group ?? "")) return false;
  if (!resourceMatches(rule, a)) return false;
  const ns = rule.namespaces;
  if (!ns || ns.includes("*")) return true;
  return a.namespace !== undefined && a.namespace !== "" && ns.includes(a.namespace);
}

/** Requests every authenticated user may make (kube's system:basic-user and system:discovery roles). */
function basicAllowed(a: Attributes): boolean {
  if (a.path !== undefined) return a.verb === "get" && !a.path.startsWith("/sandbox/");
  return a.verb === "create" && a.group === "authorization.k8s.io" && a.resource === "selfsubjectaccessreviews";
}

/** Token authentication and rule-based authorization from the users file. */
export class Auth {
  private byToken = new Map<string, UserEntry>();
  private rulesByIdentity = new Map<string, Rule[]>();
  constructor(private file: UsersFile) {
    for (const u of file.users) this.byToken.set(u.token, u);
  }

  tokens(): Record<string, string> {
    return Object.fromEntries(this.file.users.map((u) => [u.name, u.token]));
  }

  /** Bearer token → user (kube's token-auth-file authenticator); every user is in system:authenticated. */
  authenticate(authorization: string | undefined): User | null {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    const u = m ? this.byToken.get(m[1]) : undefined;
    return u ? { name: u.name, groups: [...(u.groups ?? []), "system:authenticated"] } : null;
  }

  /** The rules of a user and its groups; the users file does not change, so they are gathered once per identity. */
  rulesFor(user: User): Rule[] {
    const key = `${user.name}\n${user.groups.join("\n")}`;
    let rules = this.rulesByIdentity.get(key);
    if (!rules) {
      const own = this.file.users.find((u) => u.name === user.name)?.rules ?? [];
      const fromGroups = (this.file.groups ?? []).filter((g) => user.groups.includes(g.name)).flatMap((g) => g.rules);
      rules = [...own, ...fromGroups];
      if (this.rulesByIdentity.size >= 1024) this.rulesByIdentity.clear(); // impersonated identities are open-ended
      this.rulesByIdentity.set(key, rules);
    }
    return rules;
  }

  authorize(user: User, a: Attributes): { allowed: boolean; reason: string } {
    if (basicAllowed(a)) return { allowed: true, reason: "" };
    const rules = this.rulesFor(user);
    const hit = rules.find((r) => ruleAllows(r, a));
    return hit ? { allowed: true, reason: `allowed by the sandbox users file` } : { allowed: false, reason: "" };
  }

  isAdmin(user: User): boolean {
    return user.groups.includes("system:masters");
  }
}
