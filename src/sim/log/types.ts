// The generator's input and output: what a job's log is made from, and the log with its line times.

export interface LogSpec {
  /** World seed. */
  seed: number;
  jobId: number;
  /** e.g. "test:unit", "build", "deploy:production"; picks what the script does. */
  jobName: string;
  /** e.g. "build", "test", "deploy"; used when the job name says little. */
  stage: string;
  outcome: 'success' | 'failed' | 'canceled';
  /** Epoch ms at which the job started running (time of the first line). */
  startedAt: number;
  /** Total run time (time of the last line minus startedAt). */
  durationMs: number;
  /** small: ~20-40 lines; normal (default): ~60-300; huge: thousands. */
  size?: 'small' | 'normal' | 'huge';
  /**
   * At least this many lines: verbose test output (in collapsed sections of 1,000 lines) pads the
   * script. For benchmarks of very long logs; the simulator's `scale.logLines`.
   */
  lines?: number;
  /** A test job's tool (its log's shape and its JUnit cases); without it a test job runs vitest. */
  tool?: TestTool;
  /** FF_TIMESTAMPS: prefix every physical line with `<ISO time> <stream><O|E><space|+>`. */
  timestamps?: boolean;
  runnerDescription?: string;
  // Optional: the simulator may pass its own values so the log agrees with the API's view of the
  // job. Without them, plausible values are derived from the seed.
  /** e.g. "acme/webshop". */
  projectPath?: string;
  projectId?: number;
  /** Branch or tag the job runs for, e.g. "main". */
  ref?: string;
  /** Commit SHA (40 hex digits, or at least 8). */
  sha?: string;
  /**
   * Lines the script echoes (`echo "Deploying $DEPLOY_TARGET"`) with the job's variables: a runner
   * prints no variable values itself, only what the script prints.
   */
  echoes?: { command: string; output: string }[];
}

export interface GeneratedLog {
  /** The whole final log. */
  text: string;
  /** JS string offsets (UTF-16) just after the `\n` that ends each physical line. */
  lineEnds: number[];
  /** Epoch ms at which each physical line was written; non-decreasing, within [startedAt, startedAt+durationMs]. */
  times: number[];
  /** A test job's JUnit cases, as its log reports them (the failed one is the log's failed test). */
  tests?: GeneratedTestCase[];
}

/** The test runners a simulated test job may use. */
export type TestTool = 'vitest' | 'pytest' | 'jest' | 'go' | 'rspec' | 'maven';

export interface GeneratedTestCase {
  /** As the tool's JUnit reporter names it (vitest: `<Class> > <test>`, as its log prints it). */
  name: string;
  /** The test file, as vitest's JUnit reporter gives it. */
  classname: string;
  file: string;
  /** `error`: the JUnit `<error>` element (the test could not run), counted apart from `failed`. */
  status: 'success' | 'failed' | 'error' | 'skipped';
  timeMs: number;
  /**
   * The text of the case's `<failure>` or `<error>` element: the log's failure block after its
   * heading (assertion, source excerpt, stack), without colours. GitLab's JUnit parser serves it as
   * `system_output` and never fills `stack_trace`.
   */
  failure: string | null;
}
