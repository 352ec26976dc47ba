// One-shot misbehaviour for tests: the next request(s) matching a method and path get a scripted
// answer (an error status with a GitLab-shaped or HTML body, a reset connection, a stall, a body cut
// short, or a delay: for a time, or until the test lets it go). The reliability issue builds random
// fault injection on top of this.

export interface Fault {
  kind: 'respond' | 'reset' | 'stall' | 'truncate' | 'delay';
  /** Only requests with this method (default: any). */
  method?: string;
  /** Only paths (below /api/v4, without query) equal to this string or matching this RegExp. */
  path?: string | RegExp;
  /** How many matching requests it applies to (default 1). */
  times?: number;
  status?: number;
  body?: string | Buffer | object;
  contentType?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** For a delay: the answer is also held until this settles (a test lets it go when it means to). */
  until?: Promise<unknown>;
}

export class FaultQueue {
  private faults: (Fault & { left: number })[] = [];

  add(fault: Fault): void {
    this.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  clear(): void {
    this.faults = [];
  }

  get pending(): number {
    return this.faults.reduce((n, f) => n + f.left, 0);
  }

  /** The first fault that matches, used up by one. */
  take(method: string, path: string): Fault | null {
    const bare = path.split('?')[0]!;
    for (const fault of this.faults) {
      if (fault.left <= 0) continue;
      if (fault.method && fault.method.toUpperCase() !== method) continue;
      if (fault.path !== undefined && !(typeof fault.path === 'string' ? fault.path === bare : fault.path.test(bare))) continue;
      fault.left--;
      this.faults = this.faults.filter((f) => f.left > 0);
      return fault;
    }
    return null;
  }
}
