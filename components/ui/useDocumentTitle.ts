"use client";
import { useEffect } from "react";

export const TITLE_SUFFIX = "Kruise Console";

/**
 * Keeps the tab title in step with live state ("cart · held 5/10 — Kruise Console"); the route's metadata gives
 * the first title, this one follows the stream.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} — ${TITLE_SUFFIX}`;
  }, [title]);
}
