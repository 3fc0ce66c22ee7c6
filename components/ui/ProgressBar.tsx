/** A progress bar that also says its value in text ("2 / 3"), with an accessible name. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max <= 0 ? 100 : Math.min(100, Math.round((value / max) * 100));
  return (
    <span className="bar">
      <span
        className="track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
      >
        <span className={`fill${pct < 100 ? " partial" : ""}`} style={{ width: `${pct}%` }} />
      </span>
      <span className="small mono">
        {value}/{max}
      </span>
    </span>
  );
}
