// The project pane's tab strip: " 1 Pipelines │ 2 Jobs │ 3 Schedules ". The number is the key that
// selects the tab, so the strip doubles as its own key hint. When the whole strip does not fit, the
// tabs not in front show their key alone (" 1 │ 2 │ 3 Schedules │ 4 "), so the one in front is
// always named, however many tabs the features declare.
import type { ReactNode } from 'react';
import { Text } from './Text.js';
import { displayWidth, safeText } from '../../text/safe.js';
import { useTheme } from '../theme.js';

export interface Tab {
  id: string;
  label: string;
  /** Usually the key that selects the tab ("1"). */
  hint?: string;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: Tab[];
  active: string;
  /** The columns it may take; unbounded when absent. */
  width?: number;
}

/** Each tab's text: whole when the strip fits `width`, else the tabs not in front by their key alone. */
export function tabTexts(tabs: readonly Tab[], active: string, width = Infinity): string[] {
  const whole = tabs.map((tab) => ` ${tab.hint ? `${safeText(tab.hint, 4)} ` : ''}${safeText(tab.label, 40)} `);
  if (stripWidth(whole) <= width) return whole;
  return tabs.map((tab, i) => (tab.id === active || !tab.hint ? whole[i]! : ` ${safeText(tab.hint, 4)} `));
}

/** The columns a strip of these texts takes, with a `│` between two. */
export function stripWidth(texts: readonly string[]): number {
  return texts.reduce((n, text) => n + displayWidth(text), 0) + Math.max(0, texts.length - 1);
}

export function Tabs({ tabs, active, width }: TabsProps): ReactNode {
  const theme = useTheme();
  const texts = tabTexts(tabs, active, width);
  return (
    <Text wrap="truncate">
      {tabs.map((tab, i) => {
        const isActive = tab.id === active;
        const text = texts[i]!;
        return (
          <Text key={tab.id}>
            {i > 0 ? <Text color={theme.muted}>│</Text> : null}
            {/* Inverse + bold marks the active tab without colour; dim marks disabled ones under NO_COLOR. */}
            <Text inverse={isActive} bold={isActive} color={tab.disabled ? theme.muted : undefined} dimColor={tab.disabled && !theme.color}>
              {text}
            </Text>
          </Text>
        );
      })}
    </Text>
  );
}
