/** A list's filters kept in the address (replacing the entry), so a reload or a shared link opens the same list. */
import { useSearchParams } from 'react-router';

/** `onChange`: what else a filter's change does (back to the list's first page). */
export function useFilterParams(onChange?: () => void) {
  const [params, setParams] = useSearchParams();
  const remember = (name: string, value: string) => {
    onChange?.();
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  /** Drops several filters at once (a notice's "Show all"). */
  const forget = (...names: string[]) => {
    onChange?.();
    const next = new URLSearchParams(params);
    for (const name of names) next.delete(name);
    setParams(next, { replace: true });
  };
  return { params, remember, forget };
}
