"use client";
import Link from "next/link";
import { useState } from "react";
import { CELL_WORD, type PodMapModel } from "@/lib/kruise/view/podmap";

/** The map as a list, rendered only while open (5,000 rows of DOM would undo the canvas's point). */
export function PodMapTable({ model, podHref }: { model: PodMapModel; podHref?: (pod: string) => string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="podmap-alt" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="pod-map-alt">
      <summary>Pod map as a list ({model.total})</summary>
      {open
        ? model.groups.map((g) => (
            <div key={g.revision}>
              <h3 className="small">
                Revision <span className="mono">{g.revision}</span>
                {g.isUpdate ? " (update revision)" : ""}
              </h3>
              <ul className="small">
                {g.cells.map((c) => (
                  <li key={c.name} data-testid="pod-map-item" data-name={c.name} data-state={c.state}>
                    <strong>{CELL_WORD[c.state]}</strong>: <span className="mono">{c.line}</span>
                    {podHref ? (
                      <>
                        {" "}
                        <Link href={podHref(c.name)}>logs</Link>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ))
        : null}
    </details>
  );
}
