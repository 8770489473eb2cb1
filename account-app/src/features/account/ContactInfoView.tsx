/** contact_info (spec §2): the four contacts, each with Edit; the registrant's is locked while a TDRP request waits. */
import { ContactBlock } from '@kit/ContactBlock.tsx';
import { Link } from 'react-router';
import { contactFields, contactTitles, contactTypes } from '../../../../api/contract/accounts/account-info.ts';
import { paths } from '../../paths.ts';
import { useAccountInfo } from './api.ts';
import { TdrpBanner } from './TdrpBanner.tsx';
import './account.css';

export const updateContactHref = (type: string) => `${paths.summary.href('update_contact')}&contact_type=${type}`;

export default function ContactInfoView() {
  const { account, error, isLoading } = useAccountInfo();
  if (isLoading) return <p role="status">Loading your contacts…</p>;
  if (error || !account) return <p className="field-error">We could not load your contacts. {error?.message}</p>;
  return (
    <>
      <TdrpBanner pending={account.$pendingChanges} />
      <h2 className="visually-hidden">Contact Information</h2>
      <div className="contact-cards">
        {contactTypes.map((type) => {
          const locked = type === 'organizational' && account.$pendingChanges;
          const titleId = `contact-${type}`;
          return (
            <section key={type} className="card info-card" aria-labelledby={titleId}>
              <div className="info-card-head">
                <h3 id={titleId} className="info-card-title">
                  {contactTitles[type]}
                </h3>
                {locked ? (
                  <span className="badge badge-warning">Approval pending</span>
                ) : (
                  <Link to={updateContactHref(type)} aria-label={`Edit ${contactTitles[type]}`}>
                    Edit
                  </Link>
                )}
              </div>
              <ContactBlock contact={account[contactFields[type]]} />
            </section>
          );
        })}
      </div>
    </>
  );
}
