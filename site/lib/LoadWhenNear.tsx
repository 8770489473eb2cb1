/**
 * Renders `children` (typically React.lazy parts of an island) once the placeholder comes within `margin` of the
 * viewport, or at once where IntersectionObserver is missing. Until then, and while the part's chunk loads, the
 * placeholder holds its place: what the first paint does not need loads when the visitor gets near it.
 */
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

type Props = { placeholder: ReactNode; margin?: string; children: ReactNode };

export function LoadWhenNear({ placeholder, margin = '600px', children }: Props) {
  const holder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = holder.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin, near]);
  if (!near) return <div ref={holder}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
