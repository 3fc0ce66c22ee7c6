// Props shared by the server-safe loader (./Monaco) and the client-only pane (./MonacoPane).

export interface EditorMarker {
  line: number;
  column?: number;
  message: string;
  severity?: "error" | "warning";
}

export interface ReportedMarker {
  line: number;
  column: number;
  message: string;
  owner: string;
}

export interface MonacoPaneProps {
  /** Model URI; `.<resource>.yaml` at the end turns on that kind's schema (its home's `schema`). */
  path: string;
  value?: string;
  onChange?: (text: string) => void;
  readOnly?: boolean;
  markers?: EditorMarker[];
  onMarkers?: (markers: ReportedMarker[]) => void;
  /** When set, a read-only side-by-side diff instead of the editor. */
  diff?: { original: string; modified: string };
  height: number | string;
}
