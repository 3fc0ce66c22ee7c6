"use client";
import { useMemo } from "react";
import type { ShownEditRequest } from "@/lib/client/editor-state";
import { applyJsonPatch, describeKept, prepareForEdit, type JsonPatchOp } from "@/lib/patch";
import { Monaco } from "./Monaco";

/** The review's server-side dry run: what the request asks for beside what the server would store. */
export function ServerReview({
  review,
  body,
  path,
}: {
  review: ShownEditRequest["review"];
  body: string;
  path: string;
}) {
  const texts = useMemo(() => {
    if (!review?.check.ok) return null;
    const asked = applyJsonPatch(review.latest, JSON.parse(body) as JsonPatchOp[]);
    return { asked: prepareForEdit(asked).text, stored: prepareForEdit(review.check.object).text };
  }, [review, body]);
  if (!review) return null;
  if (!review.check.ok)
    return (
      <section className="panel" data-testid="server-review">
        <h2>Server dry run</h2>
        <p className="callout bad">The server would refuse this request: {review.check.error.message}</p>
      </section>
    );
  const { kept } = review.check;
  return (
    <section className="panel" data-testid="server-review">
      <h2>Server dry run: what you asked (left) and what the server would store (right)</h2>
      {kept.length ? (
        <ul className="mono small callout warn" data-testid="review-kept">
          {kept.map((field) => (
            <li key={field.field}>{describeKept(field)}</li>
          ))}
        </ul>
      ) : (
        <p className="small">The server would store every change as asked (the right side may add defaults).</p>
      )}
      {texts ? (
        <Monaco path={`${path}.review`} diff={{ original: texts.asked, modified: texts.stored }} height="40vh" />
      ) : null}
    </section>
  );
}
