// What every store module needs: the store, the API, the clock, and the hooks that keep the
// connection state (header: live / retrying / offline) in step with what requests do.
import type { GitLab } from '../api/index.js';
import type { NotifyChannels } from '../platform/notify.js';
import type { Feature } from './feature.js';
import type { AppStore } from './store.js';

export interface Platform {
  openUrl(url: string): Promise<{ opened: boolean; message: string }>;
  /** Puts text on the user's clipboard (OSC 52 through the terminal). */
  copy(text: string): void;
  /** Where downloads go by default. */
  downloadDir: string;
  /** Hard cap on one download in bytes (--max-download); the API's default when absent. */
  maxDownloadBytes?: number;
  /** Writes bytes to the terminal beside Ink (notifications: bell, OSC 777/9, title). */
  write?(bytes: string): void;
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
  /** The features plugged in (store/feature.ts), asked in turn by the controller and the poller. */
  features: readonly Feature[];
}
