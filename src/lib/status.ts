// GitLab's job, pipeline and deployment statuses as pipetop shows them, and the sets of statuses
// that mean something to it. A leaf: the TUI's theme (src/ui/theme.ts) and `pipetop watch` read the
// same glyphs, and the watch command must not load React to get them.

/** The basic ANSI colours a status is drawn in (src/ui/theme.ts and src/watch/render.ts map them). */
export type StatusColour = 'green' | 'red' | 'yellow' | 'blue' | 'magenta' | 'gray';

export interface StatusLook {
  icon: string;
  label: string;
  color: StatusColour;
  /** What it means, in words: the `?` legend and README's (src/ui/glyphs.ts) are made from these. */
  means: string;
}

// Glyphs are single-cell, in DejaVu Sans Mono, Menlo and Consolas, and differ in shape, so they read
// without colour too.
export const STATUSES: Readonly<Record<string, StatusLook>> = {
  success: { icon: '✔', label: 'passed', color: 'green', means: 'passed' },
  failed: { icon: '✖', label: 'failed', color: 'red', means: 'failed' },
  running: { icon: '●', label: 'running', color: 'blue', means: 'running' },
  started: { icon: '●', label: 'started', color: 'blue', means: 'started (a played manual job)' },
  pending: { icon: '◔', label: 'pending', color: 'yellow', means: 'pending: queued for a runner' },
  waiting_for_resource: { icon: '◔', label: 'waiting', color: 'yellow', means: 'waiting for a resource group' },
  waiting_for_callback: { icon: '◔', label: 'waiting', color: 'yellow', means: 'waiting for an external callback' },
  preparing: { icon: '◔', label: 'preparing', color: 'yellow', means: "preparing the runner's environment" },
  created: { icon: '○', label: 'created', color: 'gray', means: 'created: its stage has not started' },
  canceled: { icon: '⊘', label: 'canceled', color: 'gray', means: 'canceled' },
  canceling: { icon: '⊘', label: 'canceling', color: 'gray', means: 'being canceled' },
  skipped: { icon: '»', label: 'skipped', color: 'gray', means: 'skipped: an earlier stage failed, or its rules said no' },
  manual: { icon: '⚙', label: 'manual', color: 'magenta', means: 'manual: waits for someone to play it (p)' },
  scheduled: { icon: '◷', label: 'scheduled', color: 'magenta', means: 'scheduled: a delayed job, waiting for its time' },
  blocked: { icon: '◆', label: 'blocked', color: 'yellow', means: 'blocked: waits for an approval' },
};

/** How a status looks, or undefined for one GitLab adds tomorrow (hasOwn: "constructor" is no status). */
export function statusLook(status: string): StatusLook | undefined {
  return typeof status === 'string' && Object.hasOwn(STATUSES, status) ? STATUSES[status] : undefined;
}

/** Still moving: the poller reads a job or pipeline in these again soon, and only these can be canceled. */
const ACTIVE: ReadonlySet<string> = new Set([
  'running',
  'pending',
  'created',
  'preparing',
  'waiting_for_resource',
  'waiting_for_callback',
  'canceling',
  'scheduled',
]);

export const isActiveStatus = (status: string | undefined): boolean => status !== undefined && ACTIVE.has(status);

/** Finished, as retry and cancel say it ("already finished (failed)"): it ran to an end or was stopped. */
export const FINISHED: ReadonlySet<string> = new Set(['success', 'failed', 'canceled']);

/**
 * Where `pipetop watch` stops: finished, skipped, or blocked on a manual job (it waits on a person,
 * and GitLab shows the pipeline as `manual`).
 */
export const SETTLED: ReadonlySet<string> = new Set(['success', 'failed', 'canceled', 'skipped', 'manual']);
