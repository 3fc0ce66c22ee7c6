"use client";
import { useEffect, useState } from "react";

type Theme = "system" | "light" | "dark";
const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };

/** Cycles system → light → dark; the choice is kept in localStorage and applied as <html data-theme>. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => {
    const saved = localStorage.getItem("theme");
    // Reading the saved choice after mount avoids a hydration mismatch.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (saved === "light" || saved === "dark") setTheme(saved);
  }, []);
  const choose = () => {
    const t = NEXT[theme];
    setTheme(t);
    if (t === "system") {
      localStorage.removeItem("theme");
      document.documentElement.removeAttribute("data-theme");
    } else {
      localStorage.setItem("theme", t);
      document.documentElement.setAttribute("data-theme", t);
    }
  };
  return (
    <button
      type="button"
      onClick={choose}
      aria-label={`Theme: ${theme}. Switch to ${NEXT[theme]}`}
      title="Switch theme"
    >
      {theme === "dark" ? "☾ Dark" : theme === "light" ? "☀ Light" : "◐ System"}
    </button>
  );
}
