/**
 * A domain or host name that wraps only after its dots (issue #25: "brightbeanba / kery.org", "_sip._tc / p" on a
 * phone). Each label is kept whole (a hyphen inside it is no break either: "bean-" / "bakery" reads as a word split in
 * two) and a <wbr> after each dot is the only place a line may end. A label too long for any phone (over 30
 * characters: labels may have 63) may still break inside rather than run off the screen. Copying gives the name as is.
 */
import { Fragment } from 'react';

/** About the characters a 390 px phone fits on a line of bold text. */
export const longestUnbrokenLabel = 30;

export function DomainName({ name, className }: { name: string; className?: string }) {
  const labels = name.split('.');
  return (
    <span className={className ? `domain-name ${className}` : 'domain-name'}>
      {labels.map((label, index) => {
        const last = index === labels.length - 1;
        return (
          <Fragment key={index}>
            <span className={label.length > longestUnbrokenLabel ? 'domain-label is-long' : 'domain-label'}>{last ? label : `${label}.`}</span>
            {!last && <wbr />}
          </Fragment>
        );
      })}
    </span>
  );
}
