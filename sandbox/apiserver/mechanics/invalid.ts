/**
 * errors.NewInvalid as kube-apiserver serialises it: empty details fields are omitted (json omitempty), so a
 * core kind's 422 carries no `group` (observed on 1.20: `details: {name, kind, causes}` for Namespace/Pod).
 */
import { errors, fieldErrorBody, fieldErrorText, type FieldError, type GroupKind, type StatusDetails } from "../status";

export function invalid(gk: GroupKind, name: string, errs: FieldError[]) {
  const texts = errs.map(fieldErrorText);
  const joined = texts.length === 1 ? texts[0] : `[${texts.join(", ")}]`;
  const prefix = gk.group ? `${gk.kind}.${gk.group}` : gk.kind;
  const details: StatusDetails = {};
  if (name) details.name = name;
  if (gk.group) details.group = gk.group;
  if (gk.kind) details.kind = gk.kind;
  details.causes = errs.map((e) => ({ reason: e.type, message: fieldErrorBody(e), field: e.field }));
  return errors.raw(422, `${prefix} "${name}" is invalid: ${joined}`, "Invalid", details);
}
