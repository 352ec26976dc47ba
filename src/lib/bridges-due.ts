// When a pipeline's trigger jobs ("bridges") are worth reading again: one rule for the TUI's pipeline
// pane (features/pipelines/bridges.ts) and `pipetop watch` (watch/poll.ts). GitLab's jobs list never has
// them, and a bridge changes with its pipeline — except while it runs, when its downstream pipeline
// moves on without the parent being touched. Pure, with no imports: `pipetop watch` loads it without
// the TUI's chunk.

/**
 * While a trigger job runs (its downstream pipeline does), its row is re-read this often: the
 * downstream's progress is the child pane's business, and the parent's jobs are already read every
 * few seconds — watching a running parent with one child stays within 30 requests a minute
 * (bench/cost.mjs, CASE=child).
 */
export const BRIDGES_ACTIVE_MS = 15_000;

/** Bridges are read at least this often, changed pipeline or not (as the TUI's jobs are). */
export const BRIDGES_MAX_AGE_MS = 5 * 60_000;

export interface BridgesDue {
  /** The pipeline changed since the last read (or there was none). */
  changed: boolean;
  /** Since the last read (Infinity if none). */
  ageMs: number;
  /** A bridge is still running, pending or created. */
  active: boolean;
}

export function bridgesDue({ changed, ageMs, active }: BridgesDue): boolean {
  return changed || (active && ageMs >= BRIDGES_ACTIVE_MS) || ageMs >= BRIDGES_MAX_AGE_MS;
}
