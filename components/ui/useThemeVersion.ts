"use client";
import { useEffect, useState } from "react";

/** A number that changes whenever the page's theme may have changed (data-theme or the system scheme). */
export function useThemeVersion(): number {
  const [v, setV] = useState(0);
  useEffect(() => {
    const bump = () => setV((x) => x + 1);
    const mo = new MutationObserver(bump);
    mo.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    const mq = window.matchMedia("(prefers-color-scheme: dark)");
    mq.addEventListener("change", bump);
    return () => {
      mo.disconnect();
      mq.removeEventListener("change", bump);
    };
  }, []);
  return v;
}

/** The theme the page shows now: the saved choice (html data-theme), else the system's. */
export function currentTheme(): "light" | "dark" {
  const set = document.documentElement.getAttribute("data-theme");
  if (set === "light" || set === "dark") return set;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The page's theme, following changes (the theme toggle, the system scheme). */
export function usePageTheme(): "light" | "dark" {
  const v = useThemeVersion();
  const [theme, setTheme] = useState<"light" | "dark">("light");
  useEffect(() => {
    // Read after mount (and on every change): the server render cannot know it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setTheme(currentTheme());
  }, [v]);
  return theme;
}
