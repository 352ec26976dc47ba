// The failure finder on logs as test runners print them: the first line that says FAIL is a
// progress or heading line; the line that explains the failure comes later (pytest, jest, RSpec,
// surefire) or, for go test -v, before the `--- FAIL:` line.
import { describe, expect, it } from 'vitest';
import { FailureTracker } from './failure.js';

/** The finder's answer, as text, on a script's output (every line in step_script). */
function firstFailure(log: string): string | null {
  const tracker = new FailureTracker();
  const lines = log.split('\n');
  lines.forEach((line, i) => tracker.observe(i, line, true));
  const at = tracker.first();
  return at === null ? null : lines[at]!.trim();
}

const PYTEST = `============================= test session starts ==============================
platform linux -- Python 3.12.3, pytest-8.2.0, pluggy-1.5.0 -- /usr/local/bin/python
rootdir: /builds/acme/api
collected 12 items

tests/test_api.py::test_health PASSED                                    [  8%]
tests/test_api.py::test_create_user FAILED                               [ 16%]
tests/test_api.py::test_list_users PASSED                                [ 25%]

=================================== FAILURES ===================================
_______________________________ test_create_user _______________________________

    def test_create_user(client):
        resp = client.post("/users", json={"name": "x"})
>       assert resp.status_code == 201
E       AssertionError: assert 500 == 201
E        +  where 500 = <Response [500]>.status_code

tests/test_api.py:14: AssertionError
=========================== short test summary info ============================
FAILED tests/test_api.py::test_create_user - AssertionError: assert 500 == 201
========================= 1 failed, 11 passed in 0.52s =========================
ERROR: Job failed: exit code 1`;

const JEST = ` PASS  src/utils/format.test.ts
 FAIL  src/api/users.test.ts
  ● users › creates a user

    expect(received).toBe(expected) // Object.is equality

    Expected: 201
    Received: 500

      12 |   const res = await request(app).post('/users');
    > 13 |   expect(res.status).toBe(201);
         |                      ^

      at Object.<anonymous> (src/api/users.test.ts:13:22)

Test Suites: 1 failed, 1 passed, 2 total
Tests:       1 failed, 5 passed, 6 total
ERROR: Job failed: exit code 1`;

const GO_VERBOSE = `=== RUN   TestHealth
--- PASS: TestHealth (0.00s)
=== RUN   TestCreateUser
    user_test.go:42: create user: got status 500, want 201
--- FAIL: TestCreateUser (0.01s)
FAIL
FAIL	gitlab.example.com/acme/api/internal/users	0.012s
ok  	gitlab.example.com/acme/api/internal/health	0.004s
FAIL
ERROR: Job failed: exit code 1`;

const GO_QUIET = `ok  	gitlab.example.com/acme/api/internal/health	0.004s
--- FAIL: TestCreateUser (0.01s)
    user_test.go:42: create user: got status 500, want 201
FAIL
FAIL	gitlab.example.com/acme/api/internal/users	0.012s
FAIL
ERROR: Job failed: exit code 1`;

const GO_LOGS_OF_A_PASSING_TEST = `=== RUN   TestHealth
    health_test.go:12: pinging /healthz
--- PASS: TestHealth (0.00s)
=== RUN   TestCreateUser
--- FAIL: TestCreateUser (0.01s)
FAIL`;

const RSPEC = `Randomized with seed 12345
..F...

Failures:

  1) User#save validates the email
     Failure/Error: expect(user).to be_valid
       expected #<User id: nil, email: "x"> to be valid, but got errors: Email is invalid
     # ./spec/models/user_spec.rb:12:in \`block (3 levels) in <top (required)>'

Finished in 0.12 seconds (files took 1.1 seconds to load)
6 examples, 1 failure

Failed examples:

rspec ./spec/models/user_spec.rb:10 # User#save validates the email
ERROR: Job failed: exit code 1`;

const MAVEN = `[INFO] -------------------------------------------------------
[INFO]  T E S T S
[INFO] -------------------------------------------------------
[INFO] Running com.acme.users.UserServiceTest
[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.05 s <<< FAILURE! -- in com.acme.users.UserServiceTest
[ERROR] com.acme.users.UserServiceTest.createsUser -- Time elapsed: 0.01 s <<< FAILURE!
org.opentest4j.AssertionFailedError: expected: <201> but was: <500>
	at com.acme.users.UserServiceTest.createsUser(UserServiceTest.java:42)

[INFO]
[INFO] Results:
[INFO]
[ERROR] Failures:
[ERROR]   UserServiceTest.createsUser:42 expected: <201> but was: <500>
[INFO]
[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 0
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project api: There are test failures.
ERROR: Job failed: exit code 1`;

describe('the first failure line of a test runner’s log', () => {
  it('pytest: the E line, not the FAILED [ 16%] progress line', () => {
    expect(firstFailure(PYTEST)).toBe('E       AssertionError: assert 500 == 201');
  });

  it('jest: the ● block of the failed test, not the FAIL file heading', () => {
    expect(firstFailure(JEST)).toBe('● users › creates a user');
  });

  it('go test -v: the failed test’s message, printed before its --- FAIL line', () => {
    expect(firstFailure(GO_VERBOSE)).toBe('user_test.go:42: create user: got status 500, want 201');
  });

  it('go test: the message after --- FAIL when not verbose', () => {
    expect(firstFailure(GO_QUIET)).toBe('user_test.go:42: create user: got status 500, want 201');
  });

  it('go test: a passing test’s log line is not the failure; a failed test without one gives its --- FAIL line', () => {
    expect(firstFailure(GO_LOGS_OF_A_PASSING_TEST)).toBe('--- FAIL: TestCreateUser (0.01s)');
  });

  it('RSpec: Failure/Error', () => {
    expect(firstFailure(RSPEC)).toBe('Failure/Error: expect(user).to be_valid');
  });

  it('Maven surefire: the exception under the <<< FAILURE! line', () => {
    expect(firstFailure(MAVEN)).toBe('org.opentest4j.AssertionFailedError: expected: <201> but was: <500>');
  });

  it('a runner’s account outside the script loses to none in it, and clear() forgets everything', () => {
    const tracker = new FailureTracker();
    tracker.observe(0, 'E       AssertionError: in after_script', false);
    tracker.observe(1, 'FAIL src/a.test.ts', true);
    expect(tracker.first()).toBe(0);
    tracker.observe(2, 'E       AssertionError: assert 1 == 2', true);
    expect(tracker.first()).toBe(2);
    tracker.clear();
    expect(tracker.first()).toBeNull();
  });

  it('a jest console block or warning is not a failure', () => {
    expect(firstFailure('  ● Console\n\n    console.log\n      hello')).toBeNull();
    expect(firstFailure('● Validation Warning:\n  Unknown option "testURL"')).toBeNull();
    // systemctl's status heading is not jest's: the deploy's own error wins.
    expect(firstFailure('ERROR: rollout stuck\n● nginx.service - A high performance web server')).toBe('ERROR: rollout stuck');
  });
});
