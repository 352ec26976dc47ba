// The caller (GET /user): who the token belongs to, and whether they are an administrator.
import type { GitLabClient } from './client.js';
import { callOptions, type GetOptions } from './options.js';
import type { CurrentUser } from './types.js';

export function createUsersApi(client: GitLabClient) {
  return {
    current: async (opts?: GetOptions): Promise<CurrentUser> => client.get<CurrentUser>('/user', callOptions(opts)),
  };
}

export type UsersApi = ReturnType<typeof createUsersApi>;
