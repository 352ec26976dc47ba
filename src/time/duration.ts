// Durations as the panes and `pipetop watch` show them: 45s, 3m 07s, 1h 02m. A leaf, so the watch
// command formats them without loading the UI.

/** 95 → "1m 35s"; 3725 → "1h 02m". Rounded to the second; unknown → "—". */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
