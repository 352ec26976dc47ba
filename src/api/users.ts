// The caller (GET /user): who the token belongs to, and whether they are an administrator.
import type { GitLabClient } from './client.js';
import { callOptions, type GetOptions } from './options.js';
import type { CurrentUser } from './types.js';
import * as D from './decoders.js';
import { checked } from './validate.js';

export function createUsersApi(client: GitLabClient) {
  return {
    current: async (opts?: GetOptions): Promise<CurrentUser> =>
      checked<CurrentUser>(client, 'GET', '/user', D.currentUser, client.get('/user', callOptions(opts))),
  };
}

export type UsersApi = ReturnType<typeof createUsersApi>;
