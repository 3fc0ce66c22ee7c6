import type { RevisionRow } from "@/lib/kruise/view/revisions";
import { Badge } from "@/components/ui/Badge";

/** ControllerRevisions owned by the workload, newest `.revision` first. */
export function RevisionsPanel({ revisions }: { revisions: RevisionRow[] }) {
  return (
    <section className="panel" aria-labelledby="revs" data-testid="revisions">
      <h2 id="revs">
        Revisions <span className="muted small">({revisions.length})</span>
      </h2>
      {revisions.length === 0 ? (
        <div className="empty">No ControllerRevisions yet: the controller creates one per distinct pod template.</div>
      ) : (
        <table>
          <thead>
            <tr>
              <th className="num">#</th>
              <th>NAME</th>
              <th>ROLE</th>
              <th>IMAGES</th>
              <th className="num">PODS</th>
              <th>CREATED</th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((r) => (
              <tr key={r.name} data-testid="revision-row" data-name={r.name}>
                <td className="num">{r.revision}</td>
                <td className="mono">{r.name}</td>
                <td>
                  {r.isUpdate ? (
                    <Badge tone="info" icon="▲">
                      update
                    </Badge>
                  ) : null}{" "}
                  {r.isCurrent ? (
                    <Badge tone="ok" icon="●">
                      current
                    </Badge>
                  ) : null}
                  {!r.isUpdate && !r.isCurrent ? <span className="muted">history</span> : null}
                </td>
                <td className="mono small">
                  {r.images.map((i) => (
                    <div key={i.container}>
                      {i.container}: {i.image}
                    </div>
                  ))}
                </td>
                <td className="num" data-col="pods">
                  {r.pods}
                </td>
                <td title={r.created}>{r.age} ago</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
