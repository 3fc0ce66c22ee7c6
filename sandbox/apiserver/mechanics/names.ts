/**
 * Name and label validation with apimachinery's exact messages
 * (k8s.io/apimachinery/pkg/util/validation/validation.go: IsDNS1123Subdomain, IsDNS1123Label,
 * IsQualifiedName, IsValidLabelValue) and ObjectMeta checks (pkg/api/validation/objectmeta.go).
 */
import type { FieldError } from "../status";

const label = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const subdomain = `${label}(\\.${label})*`;
const qualifiedName = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const labelValue = `(${qualifiedName})?`;

// Compiled once (they were compiled on every call, several times per write).
const subdomainRe = new RegExp(`^${subdomain}$`);
const labelRe = new RegExp(`^${label}$`);
const qualifiedNameRe = new RegExp(`^${qualifiedName}$`);
const labelValueRe = new RegExp(`^${labelValue}$`);

const regexError = (msg: string, fmt: string, ...examples: string[]) =>
  `${msg} (e.g. ${examples.map((e) => `'${e}'`).join(",  or ")}, regex used for validation is '${fmt}')`;
const maxLen = (n: number) => `must be no more than ${n} characters`;

export const dns1123SubdomainMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const dns1123LabelMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";

/** IsDNS1123Subdomain: problems with a name, [] when valid. */
export function isDNS1123Subdomain(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(maxLen(253));
  if (!subdomainRe.test(v)) errs.push(regexError(dns1123SubdomainMsg, subdomain, "example.com"));
  return errs;
}

/** IsDNS1123Label (namespaces, container names). */
export function isDNS1123Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  if (!labelRe.test(v)) errs.push(regexError(dns1123LabelMsg, label, "my-name", "123-abc"));
  return errs;
}

/** IsQualifiedName (label and annotation keys). */
export function isQualifiedName(v: string): string[] {
  const parts = v.split("/");
  let name = v;
  const errs: string[] = [];
  if (parts.length === 2) {
    const [prefix, n] = parts;
    name = n;
    if (prefix.length === 0) errs.push("prefix part must be non-empty");
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else if (parts.length > 2) {
    return [
      regexError(
        "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        qualifiedName,
        "MyName",
        "my.name",
        "123-abc",
      ) + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (name.length > 63) errs.push(`name part ${maxLen(63)}`);
  if (name.length && !qualifiedNameRe.test(name)) {
    errs.push(
      regexError(
        "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        qualifiedName,
        "MyName",
        "my.name",
        "123-abc",
      ),
    );
  }
  return errs;
}

/** IsValidLabelValue. */
export function isValidLabelValue(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  if (!labelValueRe.test(v)) {
    errs.push(
      regexError(
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        labelValue,
        "MyValue",
        "my_value",
        "12345",
      ),
    );
  }
  return errs;
}

type Meta = Record<string, unknown>;

/**
 * ValidateObjectMeta: name (by `nameFn`), namespace (when namespaced), labels, annotation keys. With `old` (the
 * stored metadata an update replaces, which passed these checks when it was stored), a value equal to the stored
 * one is not checked again: each check depends on that value alone, so its answer is the one it gave then.
 */
export function validateObjectMeta(
  meta: Meta | undefined,
  opts: { namespaced: boolean; nameFn?: (v: string) => string[]; old?: Meta },
): FieldError[] {
  const errs: FieldError[] = [];
  const m = meta ?? {};
  const old = opts.old;
  const nameFn = opts.nameFn ?? isDNS1123Subdomain;
  const name = typeof m.name === "string" ? m.name : "";
  if (!name && !m.generateName)
    errs.push({ type: "FieldValueRequired", field: "metadata.name", detail: "name or generateName is required" });
  else if (name && name !== old?.name)
    for (const msg of nameFn(name))
      errs.push({ type: "FieldValueInvalid", field: "metadata.name", value: name, detail: msg });
  if (opts.namespaced && typeof m.namespace === "string" && m.namespace && m.namespace !== old?.namespace) {
    for (const msg of isDNS1123Label(m.namespace))
      errs.push({ type: "FieldValueInvalid", field: "metadata.namespace", value: m.namespace, detail: msg });
  }
  errs.push(...validateLabels(m.labels, "metadata.labels", old?.labels));
  const annotations = m.annotations;
  if (annotations && typeof annotations === "object" && annotations !== old?.annotations) {
    const before = isRecord(old?.annotations) ? old.annotations : undefined;
    for (const k of Object.keys(annotations)) {
      if (before && Object.prototype.hasOwnProperty.call(before, k)) continue;
      for (const msg of isQualifiedName(k.toLowerCase()))
        errs.push({ type: "FieldValueInvalid", field: "metadata.annotations", value: k, detail: msg });
    }
  }
  return errs;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** ValidateLabels: keys are qualified names, values valid label values (a pair the `old` labels hold is skipped). */
export function validateLabels(labels: unknown, field: string, old?: unknown): FieldError[] {
  const errs: FieldError[] = [];
  if (!labels || typeof labels !== "object" || labels === old) return errs;
  const before = isRecord(old) ? old : undefined;
  for (const [k, v] of Object.entries(labels as Record<string, unknown>)) {
    if (before && Object.prototype.hasOwnProperty.call(before, k) && before[k] === v) continue;
    for (const msg of isQualifiedName(k)) errs.push({ type: "FieldValueInvalid", field, value: k, detail: msg });
    for (const msg of isValidLabelValue(String(v)))
      errs.push({ type: "FieldValueInvalid", field, value: v, detail: msg });
  }
  return errs;
}
