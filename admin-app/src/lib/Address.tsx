/**
 * An email address, host name or IP address in a back-office table or heading: a line may end only after a dot or an `@`
 * ("compliance@" / "registrar." / "example", never "compliance@r" / "egistrar.exam" / "ple"). Each piece stays whole
 * unless it alone is longer than a phone's line (see the kit's DomainName, which does the same for names). Copying
 * gives the address as is.
 */
import { Fragment } from 'react';
import { longestUnbrokenLabel } from '@kit/DomainName.tsx';
import './address.css';

export function Address({ value, className }: { value: string; className?: string }) {
  // After a space too (a label such as "name.com (owner@example.org)"), and after an IPv6 address's colons.
  const pieces = value.split(/(?<=[.@ :])/);
  return (
    <span className={className ? `address ${className}` : 'address'}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          <span className={piece.length > longestUnbrokenLabel ? 'address-piece is-long' : 'address-piece'}>{piece}</span>
          {index < pieces.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
