/** A value that follows `value` once it has stood still for `ms` (search as you type without a call per keystroke). */
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
