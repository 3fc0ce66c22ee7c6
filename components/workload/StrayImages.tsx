import type { ReactNode } from "react";
import type { PodsRun } from "@/lib/kruise/view/pods-run";
import { plural } from "@/lib/kruise/view/format";
import { Badge } from "@/components/ui/Badge";

/**
 * Images some pods still run that the template does not name ("2 pods still on cart:1.5.0"), so neither the list nor
 * the header shows only the spec's image while pods run another (lib/kruise/view/pods-run.ts).
 */
export function StrayImages({ running, wrap = (s) => s }: { running?: PodsRun; wrap?: (image: string) => ReactNode }) {
  if (!running) return null;
  return (
    <>
      {running.images
        .filter((i) => !i.inTemplate && i.pods > 0)
        .map((i) => (
          <div key={i.image} data-testid="stray-image" data-image={i.image} data-pods={i.pods}>
            <Badge tone="warn" icon="!">
              {plural(i.pods, "pod")} still on
            </Badge>{" "}
            {wrap(i.image)}
          </div>
        ))}
    </>
  );
}
