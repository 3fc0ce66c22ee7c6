/**
 * The Rollout spec rules of the rollouts validating webhook (docs/kruise-rollouts.md §10), with upstream's field
 * paths and messages. Upstream: openkruise/rollouts v0.6.2 pkg/webhook/rollout/validating/
 * rollout_create_update_handler.go `validateRolloutSpec`. Simplification: where upstream prints the whole step
 * list with Go's %#v, the value is rendered as `[]v1beta1.CanaryStep{…}` (the message text after it is exact).
 */
import { rolloutScaled } from "@/lib/kruise/kruise-rollout/steps";
import type { IntOrString } from "@/lib/k8s/objects";
import { goIntOrString, GoLiteral, type WebhookFieldError } from "./go-render";
import { isObject, type JsonObject } from "./json";

const obj = (v: unknown): JsonObject => (isObject(v) ? v : {});
const invalid = (field: string, value: unknown, detail: string): WebhookFieldError[] => [
  { type: "FieldValueInvalid", field, value, detail },
];
const stepList = (steps: unknown[]) =>
  new GoLiteral(steps.length ? "[]v1beta1.CanaryStep{…}" : "[]v1beta1.CanaryStep{}");

/** `IsSupportedWorkload` with the default filter: the kinds Kruise Rollout knows. */
const SUPPORTED: Record<string, string[]> = {
  apps: ["Deployment", "StatefulSet"],
  "apps.kruise.io": ["CloneSet", "StatefulSet", "DaemonSet"],
};

function refErrors(ref: JsonObject, blueGreen: boolean): WebhookFieldError[] {
  const apiVersion = String(ref.apiVersion ?? "");
  const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.lastIndexOf("/")) : "";
  const kind = String(ref.kind ?? "");
  const value = new GoLiteral(
    `&v1beta1.ObjectRef{APIVersion:${JSON.stringify(apiVersion)}, Kind:${JSON.stringify(kind)}, Name:${JSON.stringify(String(ref.name ?? ""))}}`,
  );
  if (!SUPPORTED[group]?.includes(kind))
    return invalid("Spec.ObjectRef.WorkloadRef", value, "WorkloadRef kind is not supported");
  if (blueGreen && !["Deployment", "CloneSet"].includes(kind))
    return invalid("Spec.ObjectRef.WorkloadRef", value, "WorkloadRef kind is not supported for bluegreen style");
  return [];
}

const isPercent = (v: unknown) => v === undefined || v === null || typeof v === "string";

function stepErrors(steps: unknown[], path: string, partition: boolean): WebhookFieldError[] {
  if (!steps.length) return invalid(path, stepList(steps), "The number of Canary.Steps cannot be empty");
  for (const [i, raw] of steps.entries()) {
    const s = obj(raw);
    if (s.replicas === undefined || s.replicas === null)
      return invalid(`${path}[${i}].steps`, stepList(steps), "replicas cannot be empty");
    const scaled = rolloutScaled(s.replicas as IntOrString, 100, true);
    if (scaled.error || scaled.value <= 0 || (scaled.value > 100 && typeof s.replicas === "string"))
      return invalid(
        `${path}[${i}].Replicas`,
        goIntOrString(s.replicas),
        `replicas must be positive number, or a percentage with "0%" < canaryReplicas <= "100%"`,
      );
    const hasTraffic = s.traffic != null || (Array.isArray(s.matches) && s.matches.length > 0);
    if (hasTraffic && partition && typeof s.replicas === "string" && scaled.value > 50)
      return invalid(
        `${path}[${i}].steps`,
        stepList(steps),
        "For partition style rollout: step[x].replicas must not greater than partition-percent-limit if traffic specified",
      );
  }
  for (let i = 1; i < steps.length; i++) {
    const prev = obj(steps[i - 1]).replicas,
      cur = obj(steps[i]).replicas;
    if (isPercent(prev) !== isPercent(cur)) continue;
    const a = rolloutScaled(prev as IntOrString, 100, true).value,
      b = rolloutScaled(cur as IntOrString, 100, true).value;
    if (b < a)
      return invalid(
        path.replace(/\.Steps$/, ".CanaryReplicas"),
        stepList(steps),
        "Steps.CanaryReplicas must be a non decreasing sequence",
      );
  }
  return [];
}

function trafficErrors(routings: unknown, path: string): WebhookFieldError[] {
  if (!Array.isArray(routings)) return [];
  const errs: WebhookFieldError[] = [];
  if (routings.length > 1)
    errs.push(
      ...invalid(
        path,
        new GoLiteral("[]v1beta1.TrafficRoutingRef{…}"),
        "Rollout currently only support single TrafficRouting.",
      ),
    );
  for (const raw of routings) {
    const t = obj(raw);
    const p = `${path}.TrafficRouting`;
    if (typeof t.gracePeriodSeconds === "number" && t.gracePeriodSeconds < 0)
      errs.push(
        ...invalid(
          `${p}.GracePeriodSeconds`,
          String(t.service ?? ""),
          "TrafficRouting.GracePeriodSeconds cannot be negative",
        ),
      );
    if (!t.service) errs.push(...invalid(`${p}.Service`, "", "TrafficRouting.Service cannot be empty"));
    if (!isObject(t.gateway) && !isObject(t.ingress) && !Array.isArray(t.customNetworkRefs))
      errs.push(...invalid(`${p}.TrafficRoutings`, "null", "TrafficRoutings are not set"));
    if (isObject(t.ingress) && !t.ingress.name)
      errs.push(
        ...invalid(
          `${p}.Ingress`,
          new GoLiteral("v1beta1.IngressTrafficRouting{…}"),
          "TrafficRouting.Ingress.Ingress cannot be empty",
        ),
      );
    if (isObject(t.gateway) && !t.gateway.httpRouteName)
      errs.push(
        ...invalid(
          `${p}.Gateway`,
          new GoLiteral("v1beta1.GatewayTrafficRouting{…}"),
          "TrafficRouting.Gateway must set the name of HTTPRoute or HTTPsRoute",
        ),
      );
  }
  return errs;
}

/** `validateRolloutSpec` (v1beta1): workloadRef, exactly one strategy, the step and traffic rules. */
export function validateRolloutSpec(r: JsonObject): WebhookFieldError[] {
  const spec = obj(r.spec);
  const strategy = obj(spec.strategy);
  const canary = isObject(strategy.canary) ? strategy.canary : undefined;
  const blueGreen = isObject(strategy.blueGreen) ? strategy.blueGreen : undefined;
  const errs = refErrors(obj(spec.workloadRef), !!blueGreen && !canary);
  if (!canary && !blueGreen)
    return [...errs, ...invalid("Spec.Strategy", "null", "Canary and BlueGreen cannot both be empty")];
  if (canary && blueGreen)
    return [...errs, ...invalid("Spec.Strategy", "null", "Canary and BlueGreen cannot both be set")];
  const s = (canary ?? blueGreen)!;
  const path = canary ? "Spec.Strategy.Canary" : "Spec.Strategy.BlueGreen";
  const partition = !!canary && canary.enableExtraWorkloadForCanary !== true;
  const steps = Array.isArray(s.steps) ? s.steps : [];
  return [...errs, ...stepErrors(steps, `${path}.Steps`, partition), ...trafficErrors(s.trafficRoutings, path)];
}
