"use client";
import { useMemo, useState, type ComponentProps, type ReactNode } from "react";
import type { CloneSet, ControllerRevision, Node, Pod } from "@/lib/k8s/objects";
import type { K8sObject, ResourceName, WireRequest } from "@/lib/k8s/wire";
import type { WorkloadLens } from "@/lib/kruise/view/workload";
import { rollbackPreviewModel } from "@/lib/kruise/view/rollback-preview";
// The modules themselves, not the lib/patch index: the index also brings the YAML editor's parser (~100 KB) into the
// detail page's first load.
import { asJsonObject, type JsonObject } from "@/lib/patch/json";
import { diffObjects, type FieldDiff } from "@/lib/patch/diff";
import { predictInPlace } from "@/lib/patch/inplace-prediction";
import { revisionTemplate } from "@/lib/patch/update";
import { KINDS } from "@/lib/kinds";
import { updateBaseOf } from "@/lib/kruise/core/update-base";
import { RequestView, WriteError } from "@/components/ui/RequestView";
import { RollbackChoice, type RollbackOwner } from "./RollbackChoice";
import { RollbackScope } from "./RollbackScope";
import { TemplateDiff } from "./TemplateDiff";
import { useRollbackIntent } from "./useRollbackIntent";
import { useUpdateIntent } from "./useUpdateIntent";

export interface RollbackProps {
  cluster: string;
  namespace: string;
  resource: ResourceName;
  name: string;
  object: K8sObject;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the kind's lens reads its own object type
  lens: WorkloadLens<any>;
  /** the workload's own pods and revisions (newest first), and the nodes for a kind laid out by node */
  pods: Pod[];
  nodes?: readonly Node[];
  revisions: ControllerRevision[];
  /** the revision to roll back to */
  target: ControllerRevision;
  now: number;
  disabled?: string;
  /** what a Kruise Rollout owning the workload will do after a rollback to this revision */
  rolloutOwner?: (revision: string) => RollbackOwner | undefined;
}

/** A revision's pod template, {} when it has none (the compare table and the rollback diff read it alike). */
export const tpl = (r: ControllerRevision | undefined) => (r ? (revisionTemplate(asJsonObject(r)) ?? {}) : {});

function useTemplateChange(object: K8sObject, target: ControllerRevision) {
  const spec = asJsonObject(asJsonObject(object).spec ?? {});
  return useMemo(
    () => diffObjects({ template: (spec.template ?? {}) as JsonObject }, { template: tpl(target) }),
    [spec.template, target],
  );
}

interface ShellProps {
  left: string;
  /** whether the request also lifts the partition: the heading says which rollback this is */
  everyPod: boolean;
  disabled?: string;
  confirming: boolean;
  pending: boolean;
  request: WireRequest | null;
  error: ComponentProps<typeof WriteError>["error"] | null;
  done: string | null;
  open: () => void;
  showRequest: () => void;
  confirm: () => void;
  close: () => void;
  /** what the rollback will do, between the template diff and the buttons */
  children: ReactNode;
  change: FieldDiff[];
}

/** The rollback's button, its confirmation (template diff, prediction, Show request, Confirm, Cancel) and outcome. */
function RollbackShell(s: ShellProps) {
  return (
    <>
      <div style={{ marginTop: 8 }}>
        <button type="button" disabled={!!s.disabled} title={s.disabled} onClick={s.open}>
          Roll back to this revision ({s.left})
        </button>
        {s.confirming ? (
          <div className="callout warn" data-testid="rollback-preview">
            <strong>
              {s.everyPod ? `Roll back every pod to ${s.left}` : `Roll back the pod template to ${s.left}`}
            </strong>
            <TemplateDiff rows={s.change} left="now" right={s.left} />
            {s.children}
            <button type="button" disabled={s.pending} onClick={s.showRequest}>
              Show request
            </button>{" "}
            <button type="button" disabled={s.pending || !!s.disabled} onClick={s.confirm}>
              Confirm rollback
            </button>{" "}
            <button type="button" onClick={s.close}>
              Cancel
            </button>
          </div>
        ) : null}
      </div>
      {s.request && s.confirming ? <RequestView request={s.request} /> : null}
      {s.error ? <WriteError error={s.error} onRepreview={s.close} /> : null}
      {s.done ? (
        <div className="callout info" role="status" data-testid="rollback-done">
          {s.done}
        </div>
      ) : null}
    </>
  );
}

/**
 * A CloneSet's rollback through its own write (POST …/clonesets/<name>/rollback), like `kubectl kruise rollout undo`
 * with a prediction that names the pods: every pod by default (the template and partition 0 in one request), or the
 * template alone, keeping the partition (docs/kruise-rules.md §6.6).
 */
export function RollbackEveryPod(p: RollbackProps & { object: CloneSet }) {
  const { cluster, namespace, name, object: cs, pods, revisions, target, now, disabled, rolloutOwner } = p;
  const left = target.metadata.name;
  const [confirming, setConfirming] = useState(false);
  const [everyPod, setEveryPod] = useState(true);
  const intent = useRollbackIntent(cluster, namespace, name, cs);
  const change = useTemplateChange(cs, target);
  // Simulated only while the rollback is being looked at: it runs Kruise's passes over every pod.
  const model = useMemo(
    () => (confirming ? rollbackPreviewModel(cs, pods, revisions, target, now) : null),
    [confirming, target, cs, pods, revisions, now],
  );
  const owner = rolloutOwner?.(left);
  // Under a Kruise Rollout the partition is the Rollout's: the template goes alone.
  const sendEveryPod = !owner && (everyPod || !model?.keepPartition);
  const close = () => {
    setConfirming(false);
    intent.reset();
  };
  return (
    <RollbackShell
      left={left}
      everyPod={sendEveryPod}
      disabled={disabled}
      confirming={confirming && !!model}
      pending={intent.pending}
      request={intent.request}
      error={intent.error}
      done={intent.done}
      change={change}
      open={() => {
        intent.touch();
        setEveryPod(true);
        setConfirming(true);
      }}
      showRequest={() => intent.showRequest(left, sendEveryPod)}
      confirm={() => {
        intent.apply(
          left,
          sendEveryPod,
          sendEveryPod ? `Rolled back every pod to ${left}` : `Rolled back the template to ${left}`,
        );
        setConfirming(false);
      }}
      close={close}
    >
      {model ? <RollbackChoice model={model} everyPod={everyPod} onChoose={setEveryPod} owner={owner} /> : null}
    </RollbackShell>
  );
}

/**
 * Another kind's rollback through the update write's "rollback" action, guarded by what the page showed: every pod by
 * default (the template and partition 0 in one request), or the template alone, keeping the partition; with the
 * kind's own prediction of which pods move and which a kept partition leaves behind (docs/kruise-rules.md §13.10,
 * §14.10).
 */
export function RollbackTemplate(p: RollbackProps) {
  const { cluster, namespace, resource, name, object, lens, pods, nodes, revisions, target, disabled } = p;
  const left = target.metadata.name;
  const [confirming, setConfirming] = useState(false);
  const [everyPod, setEveryPod] = useState(true);
  const intent = useUpdateIntent(cluster, namespace, resource, name, object, true);
  const change = useTemplateChange(object, target);
  const at = KINDS.get(resource).strategy?.path ?? [];
  const partition = String(updateBaseOf(object, false, at).partition ?? 0);
  const json = asJsonObject(object);
  const rolled = { ...json, spec: { ...asJsonObject(json.spec ?? {}), template: tpl(target) } };
  const prediction = confirming && !lens.rollback ? predictInPlace(json, rolled) : null;
  const owner = p.rolloutOwner?.(left);
  // Under a Kruise Rollout the partition is the Rollout's: the template goes alone. Without a partition to lift, the
  // template alone already takes every pod back.
  const sendEveryPod = !owner && everyPod && partition !== "0";
  const whole = !owner && (everyPod || partition === "0");
  const body = { action: "rollback" as const, value: left, ...(sendEveryPod ? { everyPod: true } : {}) };
  const close = () => {
    setConfirming(false);
    intent.reset();
  };
  return (
    <RollbackShell
      left={left}
      everyPod={whole}
      disabled={disabled}
      confirming={confirming}
      pending={intent.pending}
      request={intent.request}
      error={intent.error}
      done={intent.done}
      change={change}
      open={() => {
        intent.touch();
        setEveryPod(true);
        setConfirming(true);
      }}
      showRequest={() => intent.showRequest(body)}
      confirm={() => {
        intent.apply(body, whole ? `Rolled back every pod to ${left}` : `Rolled back the template to ${left}`);
        setConfirming(false);
      }}
      close={close}
    >
      {confirming && lens.rollback ? (
        <RollbackScope
          lens={lens}
          object={object}
          pods={pods}
          nodes={nodes}
          at={at}
          partition={partition}
          target={target}
          revisions={revisions}
          everyPod={everyPod}
          onChoose={owner ? undefined : setEveryPod}
        />
      ) : prediction ? (
        <p data-testid="rollback-mode">
          {prediction.mode === "in-place" ? "In place: " : prediction.mode === "recreate" ? "Recreate: " : ""}
          {prediction.summary}
        </p>
      ) : null}
      {owner ? <p data-testid="rollback-rollout-note">Then {owner.text}.</p> : null}
    </RollbackShell>
  );
}
