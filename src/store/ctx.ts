// What every store module needs: the store, the API, the clock, and the hooks that keep the
// connection state (header: live / retrying / offline) in step with what requests do.
import type { GitLab } from '../api/index.js';
import type { InkFeed } from '../input/ink-feed.js';
import type { LogRegistry } from '../features/log/index.js';
import type { NotificationBytes, NotifyChannels } from '../platform/notify.js';
import type { SafeString } from '../text/safe.js';
import type { Feature } from './feature.js';
import type { AppStore } from './store.js';

export interface Platform {
  openUrl(url: string): Promise<{ opened: boolean; message: string }>;
  /** Puts text on the user's clipboard (OSC 52 through the terminal); only text that passed src/text/safe.ts. */
  copy(text: SafeString): void;
  /**
   * What to say after `copy`: no terminal confirms OSC 52, so where the text went and, under tmux,
   * which setting lets it through (platform/osc52.ts osc52Notice). "sent to the terminal" when absent.
   */
  copyNotice?: string;
  /** Where downloads go by default. */
  downloadDir: string;
  /** Hard cap on one download in bytes (--max-download); the API's default when absent. */
  maxDownloadBytes?: number;
  /** The disk a followed log's temp files may take (--log-disk); src/lib/budgets.ts's default when absent. */
  logDiskBytes?: number;
  /** Writes bytes to the terminal beside Ink: only notificationBytes (bell, OSC 777/9, title), built from SafeStrings. */
  write?(bytes: NotificationBytes): void;
  /** The environment the terminal bytes are wrapped for (tmux, screen). */
  env?: NodeJS.ProcessEnv;
  /** Which notification channels are on (config file `notifications:`); all on when absent. */
  notifications?: NotifyChannels;
}

export interface Ctx {
  store: AppStore;
  gl: GitLab;
  platform: Platform;
  now(): number;
  connectionOk(): void;
  connectionFailed(error: unknown): void;
  /** An action changed something on screen: re-read it now and poll fast until it settles. */
  acted?(): void;
  /** Re-read the pane in front now (the poller's refreshNow), e.g. when its job's log says the job changed. */
  refreshNow?(): void;
  /** The features plugged in (store/feature.ts), asked in turn by the controller and the poller. */
  features: readonly Feature[];
  /** The log engine's search on the job log in front (the controller's LogRegistry): for features that open a log at a line. */
  searchLog?: (jobId: number, query: string) => Promise<string | null>;
  /** The job log engine (features/log attaches it): the job pane's keys, the log's prompts, the tail's state. */
  logs?: LogRegistry;
  /** Keys for the Ink components in front (ink-text-input, ink-select-input): src/input/ink-feed.ts. */
  ink?: InkFeed;
}
