// The simulator's clock. World time runs at `speed` times real time from `startTime`; tests freeze it
// (speed 0) and move it with advance(), so every transition they wait for is deterministic.

export class SimClock {
  private readonly realStart = Date.now();
  private offsetMs = 0;

  constructor(
    readonly startTime: number,
    private speed: number,
  ) {}

  now(): number {
    return Math.floor(this.startTime + (Date.now() - this.realStart) * this.speed + this.offsetMs);
  }

  /** Moves world time forward by `ms` at once (tests, demos). */
  advance(ms: number): void {
    if (ms > 0) this.offsetMs += ms;
  }

  getSpeed(): number {
    return this.speed;
  }

  /** Changes speed without a jump in world time. */
  setSpeed(speed: number): void {
    const current = this.now();
    this.speed = speed;
    this.offsetMs += current - this.now();
  }
}
