import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { formatNewYorkClock, formatNewYorkTime } from '../../lib/format-time';

/** The live New York clock of the top bar; it re-renders alone, once a second. */
export function NyClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text
      component="time"
      dateTime={now.toISOString()}
      fz="sm"
      fw={600}
      c="dimmed"
      aria-label={`New York time ${formatNewYorkClock(now)}`}
      data-testid="ny-clock"
      // A page the server drew shows its second; the first tick sets the browser's.
      suppressHydrationWarning
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {formatNewYorkTime(now)}
    </Text>
  );
}
