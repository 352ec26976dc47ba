// A list pane as every list shows it: maybe a heading line, the Table, and the ListStatus line under
// it (count, filter, loading, errors). The pane that owns the list reads it (useList) and builds its
// columns; this only lays them out, so every list says "Loading…" and "No …" alike.
import type { ReactNode } from 'react';
import { Box } from 'ink';
import type { ListState } from '../../store/types.js';
import { ListStatus } from '../ListStatus.js';
import { emptyText } from '../use-list.js';
import { Table, type Column } from './Table.js';

export interface ListPaneProps<T> {
  list: ListState<T>;
  /** The rows shown (after `/`), as useList gives them. */
  rows: T[];
  columns: Column<T>[];
  width: number;
  /** Rows including the status line (and the heading). */
  height: number;
  /** One line above the table (a merge request's title, a test report's totals). */
  heading?: ReactNode;
  keyOf: (row: T, index: number) => string | number;
  /** The plural the status line counts in ("pipelines"). */
  noun: string;
  /** What an empty table calls the rows, when it says more than `noun` ("active schedules"). */
  emptyNoun?: string;
  /** What an empty table says instead of "Loading …" or "No …" (why it is empty, when that is known). */
  empty?: string | undefined;
  /** Said after the count: the filters in force, the keys that matter here. */
  extra?: string;
}

export function ListPane<T>({ list, rows, columns, width, height, heading, keyOf, noun, emptyNoun, extra, empty }: ListPaneProps<T>): ReactNode {
  return (
    <Box flexDirection="column" width={width} height={height}>
      {heading}
      <Table
        columns={columns}
        rows={rows}
        selected={list.selected}
        height={height - (heading ? 2 : 1)}
        width={width}
        keyOf={keyOf}
        emptyText={empty ?? emptyText(list, emptyNoun ?? noun)}
      />
      <ListStatus list={list} shown={rows.length} noun={noun} extra={extra} />
    </Box>
  );
}
