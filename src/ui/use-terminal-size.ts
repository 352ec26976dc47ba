// The terminal's size, updated on resize, so every list window fits the screen (80×24 and up).
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => ({ columns: Math.max(40, stdout.columns || 80), rows: Math.max(12, stdout.rows || 24) });
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
