/** The body of a confirmation before a risky change: what it changes, then each thing that stops working, in a list. */
import type { ReactNode } from 'react';
import './dns.css';

export function WhatStops({ intro, losses, after }: { intro: ReactNode; losses: readonly string[]; after?: ReactNode }) {
  return (
    <div className="what-stops">
      <p>{intro}</p>
      <ul className="what-stops-list">
        {losses.map((loss) => (
          <li key={loss}>{loss}</li>
        ))}
      </ul>
      {after}
    </div>
  );
}
