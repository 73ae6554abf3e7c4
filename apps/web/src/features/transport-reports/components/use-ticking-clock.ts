import { useEffect, useState } from 'react';

/** The network's hours open and close while the dialog stays open: the buttons are judged again this often. */
const CLOCK_TICK_MS = 15_000;

/** This machine's clock, read again every tick. */
export function useTickingClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
