import type { ReactNode } from "react";

export type Tone = "ok" | "warn" | "bad" | "info" | "neutral";

/** A small label; the text carries the meaning, the tone only reinforces it. */
export function Badge({
  tone = "neutral",
  icon,
  children,
  title,
}: {
  tone?: Tone;
  icon?: string;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span className={`badge ${tone}`} title={title}>
      {icon ? <span aria-hidden="true">{icon}</span> : null}
      {children}
    </span>
  );
}
