/** A domain name that wraps only at its dots on a narrow screen. */
import { Fragment } from 'react';

/** Long names break only at their dots on a narrow screen (never "brightbeanba / kery.org"). */
export function DomainName({ name }: { name: string }) {
  const labels = name.split('.');
  return (
    <>
      {labels.map((label, i) => (
        <Fragment key={`${i}-${label}`}>
          {i > 0 && '.'}
          {i > 0 && <wbr />}
          <span className="domain-label">{label}</span>
        </Fragment>
      ))}
    </>
  );
}
