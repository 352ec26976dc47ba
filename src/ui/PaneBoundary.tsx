// A pane that fails to render (say, GitLab answered something of a shape nobody expected) shows
// what went wrong in its own place; the header, the footer and the keys keep working, so Esc
// still goes back.
import { Box } from 'ink';
import { Text } from './components/Text.js';
import { Component, type ReactNode } from 'react';
import { safeText } from '../text/safe.js';
import { ThemeContext, type Theme } from './theme.js';

interface Props {
  /** Changes when the pane changes, so a new pane gets a fresh try. */
  resetKey: string;
  children: ReactNode;
}

export class PaneBoundary extends Component<Props, { error: Error | null; key: string }> {
  static override contextType = ThemeContext;
  declare context: Theme;
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box flexDirection="column">
        <Text color={this.context.error}>This view could not be shown: {safeText(this.state.error.message, 200)}</Text>
        <Text dimColor>GitLab may have answered something unexpected. Esc goes back; R tries again.</Text>
      </Box>
    );
  }
}
