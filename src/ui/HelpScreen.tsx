// `?`: every key, grouped by category, generated from the keymap (and the palette's commands).
import { BINDINGS, type Category } from '../keymap/bindings.js';
import { PALETTE_COMMANDS } from '../store/palette.js';
import { HelpOverlay } from './components/index.js';
import { useAppState } from './context.js';

const ORDER: Category[] = ['Move', 'Views', 'Actions', 'App'];

export function HelpScreen({ width, height }: { width: number; height: number }) {
  const offset = useAppState((s) => s.help?.offset ?? 0);
  const groups: { title: string; rows: { keys: string; description: string }[] }[] = ORDER.map((category) => ({
    title: category as string,
    rows: BINDINGS.filter((b) => b.category === category).map((b) => ({
      keys: b.keys.map(pretty).join(' '),
      description: `${b.description}${b.scopes.includes('global') ? '' : ` (${b.scopes.join(', ')})`}`,
    })),
  }));
  groups.push({ title: 'Command palette (:)', rows: PALETTE_COMMANDS.map((c) => ({ keys: `:${c.usage}`, description: c.description })) });
  return <HelpOverlay groups={groups} width={width} height={height} offset={offset} />;
}

function pretty(key: string): string {
  return key.replace(/^ctrl\+/, '^').replace('escape', 'esc').replace('pagedown', 'PgDn').replace('pageup', 'PgUp').replace('enter', '⏎');
}
