// Assertions shared by the API-against-simulator tests.
import { expect } from 'vitest';
import { GitLabApiError } from '../../src/api/index.js';

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The GitLabApiError a promise rejects with (fails the test when it resolves or throws something else). */
export async function apiError(promise: Promise<unknown>): Promise<GitLabApiError> {
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a GitLabApiError, got a result: ${JSON.stringify(outcome.value).slice(0, 200)}`);
  expect(outcome.error).toBeInstanceOf(GitLabApiError);
  return outcome.error as GitLabApiError;
}

/** Compact user of docs/gitlab-api.md §2.3. */
export function expectCompactUser(u: unknown, username?: string): void {
  expect(u).toMatchObject({
    id: expect.any(Number),
    name: expect.any(String),
    username: username ?? expect.any(String),
    state: expect.any(String),
    avatar_url: expect.any(String),
    web_url: expect.any(String),
  });
}
