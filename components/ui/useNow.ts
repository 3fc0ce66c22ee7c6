"use client";
import { startTransition, useEffect, useState } from "react";

/**
 * The current time, refreshed every `everyMs` so AGE columns move without new data. A tick re-renders in a
 * transition: on a large page that render is split into slices instead of holding the page for one long task.
 */
export function useNow(everyMs = 10_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => startTransition(() => setNow(new Date())), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
