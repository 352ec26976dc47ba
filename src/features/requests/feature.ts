// The request log (`:requests`): every request pipetop made — method, path, status, 304 or not, bytes,
// time, retries — newest first, `/` to filter, `y` to copy one as a curl command, Enter to open the
// pane of what it read, `o` that object's web page (open.ts). The shell feeds it
// from the client's onExchange (src/tui.tsx); it reads nothing from GitLab itself.
import * as nav from '../../store/nav.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import { toast, topPane } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { safeDisplay } from '../../text/safe.js';
import { withRuns } from '../../store/command.js';
import { REQUEST_BINDINGS } from './bindings.js';
import { paneOfRequest, urlOfRequest } from './open.js';
import { curlOf } from './record.js';
import type { RequestRecord } from './slice.js';
import { requestsKey, requestsSource } from './source.js';
import { createRequestsSlice } from './slice.js';
import { RequestsPane } from './RequestsPane.js';

export const requestsFeature: Feature = {
  slice: createRequestsSlice,
  specs: {
    requests: {
      view: RequestsPane,
      crumb: () => 'requests',
      list: () => requestsKey(),
      scopes: () => ['requests', 'list', 'global'],
      // Enter: the pane that shows what the request read (its pipeline, job, project tab…).
      open(ctx) {
        const record = selectedRow<RequestRecord>(ctx, requestsKey());
        if (!record) return true;
        const target = paneOfRequest(ctx.store.getState(), record.path);
        if (typeof target === 'string') toast(ctx.store, 'info', target);
        else nav.push(ctx.store, target);
        return true;
      },
      // `o`: that object's web page, as its own feature gives it.
      url(ctx) {
        const record = selectedRow<RequestRecord>(ctx, requestsKey());
        return record ? urlOfRequest(ctx, record.path) : { url: undefined };
      },
      // Requests come in all the time: the log on screen is re-read from the store at the active pace.
      poll: () => ({ moving: () => true }),
    },
  },
  name: 'requests',
  scopeNames: { requests: 'the request log' },
  listKinds: ['requests'],
  palette: {
    requests: { usage: 'requests', description: 'every request pipetop made, newest first (y: copy one as curl)', order: 130, run: (ctx) => openRequests(ctx) },
  },
  commands: withRuns(REQUEST_BINDINGS, {
    'requests.copyCurl': {
      run(ctx) {
        const record = selectedRow<RequestRecord>(ctx, requestsKey());
        if (!record) return void toast(ctx.store, 'info', 'No request selected');
        // The clipboard writer takes only checked text: the path is the client's own (percent-encoded),
        // so nothing is lost.
        ctx.platform.copy(safeDisplay(curlOf(record, ctx.gl.client.apiUrl)));
        toast(
          ctx.store,
          'info',
          `curl for ${record.method} #${record.id} ${ctx.platform.copyNotice ?? 'sent to the terminal'} ($GITLAB_TOKEN stands for the token)`,
        );
      },
    },
  }),
  source: (key, _gl, state) => requestsSource(key, state),
};

/** `:requests`: opens the request log over the pane in front. */
export function openRequests(ctx: Ctx): null {
  if (topPane(ctx.store.getState()).kind !== 'requests') nav.push(ctx.store, { kind: 'requests' } satisfies Pane);
  return null;
}

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    requests: true;
  }
}
