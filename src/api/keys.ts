// SSH key lookup with its owner (docs/gitlab-api.md §4.5); administrators only, others get 403.
import type { GitLabClient } from './client.js';
import { callOptions, type GetOptions } from './options.js';
import { idSegment } from './paths.js';
import type { SshKey } from './types.js';
import * as D from './decoders.js';
import { checked } from './validate.js';

export function createKeysApi(client: GitLabClient) {
  return {
    get: async (id: number, opts?: GetOptions): Promise<SshKey> => {
      const path = `/keys/${idSegment(id, 'key id')}`;
      return checked<SshKey>(client, 'GET', path, D.sshKey, client.get(path, callOptions(opts)));
    },
  };
}

export type KeysApi = ReturnType<typeof createKeysApi>;
