import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { CLOCK_TIME_ZONE } from '@cutroom/domain';

const format = new Intl.DateTimeFormat('en-US', {
  timeZone: CLOCK_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

/** The spec labels New York time 'EST' all year (000 §9), so the label is fixed rather than EST/EDT. */
export const formatNewYorkTime = (date: Date) => `EST ${format.format(date)}`;

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
      aria-label={`New York time ${format.format(now)}`}
      data-testid="ny-clock"
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {formatNewYorkTime(now)}
    </Text>
  );
}
