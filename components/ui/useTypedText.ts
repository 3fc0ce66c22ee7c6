"use client";
import { useState } from "react";

/** What was typed, and the values committed and not yet seen settled, oldest first. */
export interface Typed {
  value: string;
  sent: string[];
}

/**
 * The typed state once the settled value moved: gone when it caught up with the typed value or moved somewhere this
 * input never sent; otherwise still pending, past the values now settled (they settle in the order sent).
 */
export function afterSettled(typed: Typed, settled: string): Typed | null {
  const at = typed.sent.indexOf(settled);
  if (settled === typed.value || at < 0) return null;
  return { value: typed.value, sent: typed.sent.slice(at + 1) };
}

/**
 * A text input whose value lives somewhere that catches up later (the page's URL): the input shows, and the page
 * filters by, what was typed at once, while `commit` carries it to the URL. When the URL moves on its own (back,
 * "clear filters"), that value wins; while it is still catching up through values this input sent, the typed one
 * stays, so a fast typist never sees an earlier prefix come back.
 */
export function useTypedText(settled: string, commit: (value: string) => void): [string, (value: string) => void] {
  const [typed, setTyped] = useState<Typed | null>(null);
  const [seen, setSeen] = useState(settled);
  if (seen !== settled) {
    // Adjusting state while rendering, React's pattern for state that follows a prop.
    setSeen(settled);
    if (typed) setTyped(afterSettled(typed, settled));
  }
  const type = (value: string) => {
    setTyped((t) => ({ value, sent: [...(t?.sent ?? []), value] }));
    commit(value);
  };
  return [typed?.value ?? settled, type];
}
