import type { HookWaitView } from "@/lib/kruise/view/update";

const MAX_PODS = 12;

/** Lifecycle hooks holding pods: what the step waits for and who must act (the user's hook controller). */
export function HookWaits({ waits, testId }: { waits: HookWaitView[]; testId: string }) {
  if (waits.length === 0) return null;
  return (
    <div className="callout warn" data-testid={testId}>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {waits.map((w) => (
          <li key={`${w.hook}|${w.state}`} data-testid="hook-wait">
            <strong style={{ display: "inline" }}>{w.text[0].toUpperCase() + w.text.slice(1)}</strong>
            <div className="mono small muted wrap">
              {w.pods.slice(0, MAX_PODS).join(" ")}
              {w.pods.length > MAX_PODS ? ` …+${w.pods.length - MAX_PODS}` : ""}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
