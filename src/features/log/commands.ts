// The job log's commands: in a job pane, moving moves through the log, and the log's own keys
// (follow, fold, search, save…) act on the log in front.
import { setPrompt } from '../../store/writers.js';
import type { CommandId } from '../../keymap/bindings.js';
import type { Ctx } from '../../store/ctx.js';
import { toast } from '../../store/store.js';
import { copyLogLine, openLogOutside } from './external.js';
import type { LogRegistry } from './log-view.js';

export function runLogCommand(ctx: Ctx, logs: LogRegistry, jobId: number, command: CommandId): void {
  const page = Math.max(1, logs.height - 1);
  switch (command) {
    case 'nav.down':
      return logs.move(jobId, 1);
    case 'nav.up':
      return logs.move(jobId, -1);
    case 'nav.pageDown':
      return logs.move(jobId, page);
    case 'nav.pageUp':
      return logs.move(jobId, -page);
    case 'nav.top':
      return logs.moveTo(jobId, 0);
    case 'nav.bottom':
      return logs.bottom(jobId);
    case 'log.follow':
      return logs.toggleFollow(jobId);
    case 'log.fold':
      return logs.toggleFold(jobId);
    case 'log.foldAll':
      return logs.foldAll(jobId);
    case 'log.failure':
      return logs.firstFailure(jobId);
    case 'log.next':
      return logs.nextMatch(jobId, 1);
    case 'log.prev':
      return logs.nextMatch(jobId, -1);
    case 'log.timestamps': {
      const on = !logs.view(jobId).timestamps;
      // Turning on times a log has none of would change nothing on screen: say why instead.
      const model = logs.model(jobId);
      if (on && model && model.lineCount > 0 && !model.hasTimestamps) {
        return void toast(ctx.store, 'info', 'This log has no timestamps (the runner writes them when FF_TIMESTAMPS is on)');
      }
      return logs.patch(jobId, { timestamps: on });
    }
    case 'log.wrap':
      return logs.patch(jobId, { wrap: !logs.view(jobId).wrap });
    case 'log.details':
      return logs.patch(jobId, { details: !logs.view(jobId).details });
    case 'log.search':
      return setPrompt(ctx.store, {
        id: 'log.search',
        label: 'Search the log:',
        initial: logs.view(jobId).search?.query ?? '',
        hint: 'text (case-insensitive) or /regex/ · n next · N previous · empty clears',
        submit: { owner: 'log', command: 'log.search', args: { jobId } },
      });
    case 'log.save':
      return setPrompt(ctx.store, {
        id: 'log.save',
        label: 'Save the log to:',
        initial: logs.defaultSavePath(jobId),
        hint: 'plain text, colours removed',
        submit: { owner: 'log', command: 'log.save', args: { jobId } },
      });
    case 'log.pager':
      return void openLogOutside(ctx, logs, jobId, 'pager');
    case 'log.editor':
      return void openLogOutside(ctx, logs, jobId, 'editor');
    case 'log.copyLine':
      return copyLogLine(ctx, logs, jobId);
    default:
      return;
  }
}
