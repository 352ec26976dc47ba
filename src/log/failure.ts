// Finding the line that explains a failed job (the `F` key). The runner's last line, "ERROR: Job
// failed: exit code 1", says only that it failed; the useful line is the first error the script
// printed. Lines are checked once, as they complete, so the answer costs nothing on a huge log.

/** The runner's verdict: only a fallback. */
const JOB_FAILED = /^\s*ERROR: Job failed\b/;
/**
 * What tools print when something fails: `ERROR:`, `error:`, `error TS2322:` (compilers, the
 * runner), `FAIL`/`FAILED` (jest, vitest, pytest, go test), `✖`/`✗`/`✘` (eslint, mocha,
 * playwright, shell scripts), `exit code N`/`exit status N` with N ≠ 0, Python's `Traceback`,
 * `npm ERR!`/`npm error`, git's `fatal:`, `XxxError: …` at a line start, and npm audit's summary
 * when it found high or critical vulnerabilities.
 */
const FAILURE =
  /\bERROR:|\berror(?:\[[\w-]+\])?:|\berror TS\d+:|\bFAIL(?:ED)?\b|[✖✗✘]|\bexit (?:code|status) [1-9]\d*|^Traceback \(most recent call last\)|\bnpm ERR!|^npm error |^fatal: |^\s*(?:[A-Z][A-Za-z]*)?Error: |^\d+ vulnerabilit(?:y|ies) \(.*\b(?:high|critical)\b/;
/**
 * A superset of FAILURE (and JOB_FAILED) that is about twice as cheap to test: every line of the
 * log goes through it, and on a successful job none passes.
 */
const MAYBE = /RR|rror|FAIL|[✖✗✘]|xit (?:code|status)|Traceback|fatal:|ulnerab/;
/** Lines that look like failures but are not: eslint's summary of warnings only. */
const NOT_FAILURE = /\(0 errors?,/;

export class FailureTracker {
  private inScript: number | null = null;
  private elsewhere: number | null = null;
  private jobFailed: number | null = null;

  /** `inScript`: the line belongs to the job's script output (step_script). */
  observe(index: number, text: string, inScript: boolean): void {
    if (this.inScript !== null) return; // the best kind of answer is already known
    if (!MAYBE.test(text)) return;
    if (JOB_FAILED.test(text)) {
      if (this.jobFailed === null) this.jobFailed = index;
      return;
    }
    if (!FAILURE.test(text) || NOT_FAILURE.test(text)) return;
    if (inScript) this.inScript = index;
    else if (this.elsewhere === null) this.elsewhere = index;
  }

  /** The earliest failure in the script output, else anywhere, else the runner's verdict. */
  first(): number | null {
    return this.inScript ?? this.elsewhere ?? this.jobFailed;
  }

  clear(): void {
    this.inScript = null;
    this.elsewhere = null;
    this.jobFailed = null;
  }
}
