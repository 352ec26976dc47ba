// Finding the line that explains a failed job (the `F` key). The runner's last line, "ERROR: Job
// failed: exit code 1", says only that it failed; the useful line is the first error the script
// printed. Lines are checked once, as they complete, so the answer costs nothing on a huge log.

/** The runner's verdict: only a fallback. */
const JOB_FAILED = /^\s*ERROR: Job failed\b/;
/**
 * What tools print when something fails: `ERROR:`, `error:`, `error TS2322:` (compilers, the
 * runner), `FAIL`/`FAILED` (jest, vitest, pytest, go test), `✖`/`✗`/`✘` (eslint, mocha,
 * playwright, shell scripts), `exit code N`/`exit status N` with N ≠ 0, Python's `Traceback`,
 * Maven's `[ERROR] ` lines,
 * `npm ERR!`/`npm error`, git's `fatal:`, `XxxError: …` at a line start, and npm audit's summary
 * when it found high or critical vulnerabilities.
 */
const FAILURE =
  /\bERROR:|\berror(?:\[[\w-]+\])?:|\berror TS\d+:|\bFAIL(?:ED)?\b|[\u2716\u2717\u2718]|\bexit (?:code|status) [1-9]\d*|^Traceback \(most recent call last\)|\bnpm ERR!|^npm error |^fatal: |^\s*(?:[A-Z][A-Za-z]*)?Error: |^\d+ vulnerabilit(?:y|ies) \(.*\b(?:high|critical)\b|^\[ERROR\] /;
/**
 * A superset of FAILURE (and JOB_FAILED) that is about twice as cheap to test: every line of the
 * log goes through it, and on a successful job none passes.
 */
const MAYBE = /RR|rror|FAIL|[\u2716\u2717\u2718]|xit (?:code|status)|Traceback|fatal:|ulnerab/;
/** Lines that look like failures but are not: eslint's summary of warnings only. */
const NOT_FAILURE = /\(0 errors?,/;

/**
 * A test runner's own account of a failure, which beats any line that merely says FAIL: pytest's
 * `E   AssertionError: …` (its progress lines `… FAILED [  8%]` come first and name no cause),
 * jest's `● Suite › test` block heading (after its `FAIL  file` line), RSpec's `Failure/Error:`,
 * and Go's `panic:` (not systemd's `● x.service` status lines). Go's `x_test.go:42: message` and surefire's exception line depend on their
 * neighbours and are found in `observe`.
 */
const TOOL_FAILURE = /^E {2,}\S|^\s*\u25cf (?!Console\b)(?!.*\bWarning\b)(?!\S+\.(?:service|socket|timer|mount)\b)\S|^\s*Failure\/Error: |^panic: /;
/** Cheap pre-test for the lines `observe` looks at beyond MAYBE (the tool shapes above and below). */
const MAYBE_TOOL = /^E {2}|\u25cf|Failure\/Error|^panic: |_test\.go:\d|^=== RUN|<<< (?:FAILURE|ERROR)!/;
/** go test: a test's log line (`    user_test.go:42: got 500, want 201`). */
const GO_MESSAGE = /^\s+[\w.-]+_test\.go:\d+: \S/;
const GO_RUN = /^=== RUN\s/;
const GO_FAIL = /^\s*--- FAIL: /;
/** Maven surefire: a failed test's line; the next line is its exception. */
const SUREFIRE_FAILED = /<<< (?:FAILURE|ERROR)!\s*$/;
const EXCEPTION = /^[\w$]+(?:\.[\w$]+)+(?:Error|Exception|Failure|Failed)\b/;

interface Found {
  inScript: number | null;
  elsewhere: number | null;
}

function note(found: Found, index: number, inScript: boolean): void {
  if (inScript) {
    if (found.inScript === null) found.inScript = index;
  } else if (found.elsewhere === null) found.elsewhere = index;
}

export class FailureTracker {
  /** A test runner's account of the failure (TOOL_FAILURE and the neighbour rules). */
  private strong: Found = { inScript: null, elsewhere: null };
  /** Any line that says something failed. */
  private weak: Found = { inScript: null, elsewhere: null };
  private jobFailed: number | null = null;
  /** go test: the current test's first log line (since its `=== RUN`), and the last `--- FAIL:` line. */
  private goMessage: { index: number; inScript: boolean } | null = null;
  private goFail = -2;
  /** surefire: the last `<<< FAILURE!` line. */
  private surefireFail = -2;

  /** `inScript`: the line belongs to the job's script output (step_script). */
  observe(index: number, text: string, inScript: boolean): void {
    if (this.strong.inScript !== null) return; // the best kind of answer is already known
    const maybe = MAYBE.test(text);
    if (!maybe && !MAYBE_TOOL.test(text)) return;
    if (this.neighbours(index, text, inScript)) return;
    if (TOOL_FAILURE.test(text)) return note(this.strong, index, inScript);
    if (!maybe) return;
    if (JOB_FAILED.test(text)) {
      if (this.jobFailed === null) this.jobFailed = index;
      return;
    }
    if (!FAILURE.test(text) || NOT_FAILURE.test(text)) return;
    note(this.weak, index, inScript);
  }

  /** Go's and surefire's failures, told by the line before or after. True when the line was taken. */
  private neighbours(index: number, text: string, inScript: boolean): boolean {
    if (GO_RUN.test(text)) {
      this.goMessage = null;
      return true;
    }
    if (GO_MESSAGE.test(text)) {
      // Without -v, go test prints a failed test's `--- FAIL:` first and its log lines after.
      if (index === this.goFail + 1) note(this.strong, index, inScript);
      else if (this.goMessage === null) this.goMessage = { index, inScript };
      return true;
    }
    if (GO_FAIL.test(text)) {
      // With -v, its log lines come first: the failed test's first one says why.
      if (this.goMessage) note(this.strong, this.goMessage.index, this.goMessage.inScript);
      this.goMessage = null;
      this.goFail = index;
      note(this.weak, index, inScript);
      return true;
    }
    if (SUREFIRE_FAILED.test(text)) {
      this.surefireFail = index;
      note(this.weak, index, inScript);
      return true;
    }
    if (index === this.surefireFail + 1 && EXCEPTION.test(text.trim())) {
      note(this.strong, index, inScript);
      return true;
    }
    return false;
  }

  /**
   * A test runner's account of the failure (in the script output, else anywhere), else the earliest
   * failure in the script output, else anywhere, else the runner's verdict.
   */
  first(): number | null {
    return this.strong.inScript ?? this.strong.elsewhere ?? this.weak.inScript ?? this.weak.elsewhere ?? this.jobFailed;
  }

  clear(): void {
    this.strong = { inScript: null, elsewhere: null };
    this.weak = { inScript: null, elsewhere: null };
    this.jobFailed = null;
    this.goMessage = null;
    this.goFail = -2;
    this.surefireFail = -2;
  }
}
