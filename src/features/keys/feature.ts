// The SSH key feature (`:key <id>`, administrators): the key's pane, Enter to its owner's
// activity, `o` to the owner's page, and the palette's lookup.
import { createKeysSlice, keyLoadKey, writeKeys } from './slice.js';
import { readDetail } from '../../store/detail.js';
import * as nav from '../../store/nav.js';
import { isGitLabApiError } from '../../api/index.js';
import { safeText } from '../../text/safe.js';
import type { Ctx } from '../../store/ctx.js';
import { markFresh, takeFresh } from '../../store/fresh.js';
import { describeError } from '../../store/errors.js';
import type { Feature } from '../../store/feature.js';
import { KEY_BINDINGS } from './bindings.js';
import { KeyPane } from './KeyPane.js';

export const keysFeature: Feature = {
  palette: {
    key: { usage: 'key <id>', description: 'an SSH key and its owner (administrators)', order: 100, run: (ctx, args) => lookupKey(ctx, args[0]) },
  },
  slice: createKeysSlice,
  specs: {
    key: {
      view: KeyPane,
      crumb: (_s, pane) => `SSH key #${pane.keyId}`,
      scopes: () => ['key', 'global'],
      open(ctx, pane) {
        const user = ctx.store.getState().sshKeys[pane.keyId]?.user;
        if (user) nav.push(ctx.store, { kind: 'events', who: { user: user.username } });
        return true;
      },
      url: (ctx, pane) => ({ url: ctx.store.getState().sshKeys[pane.keyId]?.user?.web_url }),
      poll: (ctx) => ({
        refresh(pane) {
          // `:key` has just read it to open this pane: the poll that follows does not read it again.
          if (takeFresh(ctx, `key:${pane.keyId}`)) return undefined;
          return readDetail(
            ctx,
            keyLoadKey(pane.keyId),
            () => ctx.gl.keys.get(pane.keyId),
            (key) => {
              if (ctx.store.getState().sshKeys[key.id] !== key) writeKeys(ctx.store, (s) => ({ sshKeys: { ...s.sshKeys, [key.id]: key } }));
            },
          ).then(() => undefined);
        },
      }),
    },
  },
  commands: KEY_BINDINGS,
  name: 'keys',
  scopeNames: { key: 'an SSH key' },
};

/** `:key <id>`: an administrator's lookup of an SSH key and its owner. */
export async function lookupKey(ctx: Ctx, arg: string | undefined): Promise<string | null> {
  if (!arg || !/^\d+$/.test(arg)) return 'key needs a numeric SSH key id, e.g. :key 42';
  const id = Number(arg);
  try {
    const key = await ctx.gl.keys.get(id);
    markFresh(ctx, `key:${key.id}`);
    writeKeys(ctx.store, (s) => ({ sshKeys: { ...s.sshKeys, [key.id]: key } }));
    nav.push(ctx.store, { kind: 'key', keyId: key.id });
    return null;
  } catch (error) {
    if (isGitLabApiError(error) && error.status === 403) {
      const me = ctx.store.getState().user;
      return `SSH key lookup is for administrators only${me ? ` — ${safeText(me.username, 40)} is not an administrator` : ''} (GitLab: ${describeError(error)})`;
    }
    if (isGitLabApiError(error) && error.status === 404) return `No SSH key with id ${id} (GitLab: ${describeError(error)})`;
    return `Cannot look up SSH key ${id}: ${describeError(error)}`;
  }
}

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    key: true;
  }
}
