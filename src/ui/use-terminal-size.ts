// The terminal's size, updated on resize, so every list window fits the screen. The real size: below
// MIN_SIZE the app says the terminal is too small rather than draw fragments (App.tsx).
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** The smallest terminal pipetop draws in: a header, a few rows of a list, the footer. */
export const MIN_SIZE = { columns: 40, rows: 10 } as const;

export function tooSmall(size: { columns: number; rows: number }): boolean {
  return size.columns < MIN_SIZE.columns || size.rows < MIN_SIZE.rows;
}

export function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
