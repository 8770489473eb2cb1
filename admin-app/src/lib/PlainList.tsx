/** A panel's short list (sessions, cards, tokens): its items, or a line saying there are none. */
import type { Key, ReactNode } from 'react';

export function PlainList<Item>({
  items,
  itemKey,
  empty,
  itemClassName,
  children,
}: {
  items: readonly Item[];
  itemKey: (item: Item) => Key;
  empty: ReactNode;
  itemClassName?: string;
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="plain-list">
      {items.map((item) => (
        <li key={itemKey(item)} className={itemClassName}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
