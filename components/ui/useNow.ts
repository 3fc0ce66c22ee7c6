"use client";
import { useEffect, useState } from "react";

/** The current time, refreshed every `everyMs` so AGE columns move without new data. */
export function useNow(everyMs = 10_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
