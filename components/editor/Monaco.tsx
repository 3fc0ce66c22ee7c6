"use client";
import dynamic from "next/dynamic";
import type { MonacoPaneProps } from "./monaco-types";

/** Monaco is ~490 KiB gzip: loaded in the browser only, and only by the pages that render this. */
export const Monaco = dynamic<MonacoPaneProps>(() => import("./MonacoPane"), {
  ssr: false,
  loading: () => <div className="panel muted">Loading editor…</div>,
});
