// SSH key lookup with its owner (spec 4.5); administrators only, others get 403.
import type { GitLabClient } from './client.js';
import { callOptions, type GetOptions } from './options.js';
import { idSegment } from './paths.js';
import type { SshKey } from './types.js';

export function createKeysApi(client: GitLabClient) {
  return {
    get: async (id: number, opts?: GetOptions): Promise<SshKey> => client.get<SshKey>(`/keys/${idSegment(id, 'key id')}`, callOptions(opts)),
  };
}

export type KeysApi = ReturnType<typeof createKeysApi>;
