// The presentational kit in one import. Panes import from here, never from each other.
export { ChoiceMenu, type ChoiceMenuProps } from './ChoiceMenu.js';
export { ConfirmBar, confirmLines, type ConfirmBarProps } from './ConfirmBar.js';
export { Field, Fields, TextInput, type FieldProps, type FieldRow, type FieldsProps, type TextInputProps } from './Field.js';
export { HelpOverlay, layoutHelp, type HelpGroup, type HelpLayout, type HelpOverlayProps, type HelpRow } from './HelpOverlay.js';
export { KeyHints, fitHints, pickHints, type KeyHint, type KeyHintsProps } from './KeyHints.js';
export { ListPane, type ListPaneProps } from './ListPane.js';
export { ProgressBar, type ProgressBarProps } from './ProgressBar.js';
export { LineField, type LineFieldProps } from './LineField.js';
export { Prompt, type PromptProps } from './Prompt.js';
export { StatusBadge, statusCell, type StatusBadgeProps } from './StatusBadge.js';
export { Table, layoutColumns, type Column, type TableProps } from './Table.js';
export { Text, type TextProps } from './Text.js';
export { Tabs, type Tab, type TabsProps } from './Tabs.js';
export { Toast, type ToastKind, type ToastProps } from './Toast.js';
export { WindowedList, type WindowedListProps } from './WindowedList.js';
export { thumbFor, windowFor, type ListWindow, type Thumb } from './window.js';
export { ThemeContext, createTheme, useTheme, type StatusStyle, type Theme } from '../theme.js';
export { displayWidth, padToWidth, safeMultiline, safeText, truncateToWidth } from '../../text/safe.js';
