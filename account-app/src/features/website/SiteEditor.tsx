/**
 * The builder's one-page editor (/account/website/:domainId): headline, text and two colours, with a live preview
 * of the page the domain serves; save it, then show it on the domain.
 */
import { brand } from '@kit/brand.ts';
import { isFailure } from '@kit/api.ts';
import { Field, TextField } from '@kit/Field.tsx';
import { SuccessModal } from '@kit/ResultModals.tsx';
import { showToast } from '@kit/toasts.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { SiteContent } from '../../../../api/contract/websites/website.ts';
import { paths } from '../../paths.ts';
import { useDomains } from '../domains/api.ts';
import { saveSite, siteAddress, updateWebsite, useWebsite } from './api.ts';
import './website.css';

/** Ink or white, whichever reads better on a #rrggbb background (the served page picks the same way). */
function readableOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5) > 0.35 ? '#0f1a36' : '#ffffff';
}

export default function SiteEditor() {
  const domainId = Number(useParams().domainId);
  const { domains, isLoading } = useDomains();
  const domain = domains.find((d) => d.domainId === domainId) ?? null;
  const { website } = useWebsite(domain?.builderEnabled ? domainId : null);
  const [draft, setDraft] = useState<SiteContent | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof SiteContent, string>>>({});
  const [pending, setPending] = useState(false);
  const [published, setPublished] = useState(false);

  useEffect(() => {
    document.title = `Website Builder | ${brand.name}`;
  }, []);
  useEffect(() => {
    if (website && !draft) setDraft(website.site);
  }, [website, draft]);

  const back = (
    <Link className="site-editor-back" to={paths.domains.href()}>
      ← My Domains
    </Link>
  );
  if (isLoading || (domain?.builderEnabled && !draft)) {
    return (
      <main id="main" className="container account-main">
        <p role="status">Loading your site…</p>
      </main>
    );
  }
  if (!domain?.builderEnabled || !draft) {
    return (
      <main id="main" className="container account-main">
        {back}
        <div className="card">
          <h1>Website Builder</h1>
          <p>
            {domain
              ? `The Website Builder is not on for ${domain.domain}. Add it from the domain's Service tab.`
              : 'We could not find this domain in your account.'}
          </p>
        </div>
      </main>
    );
  }

  const set = (field: keyof SiteContent) => (value: string) => setDraft({ ...draft, [field]: value });
  const isLive = domain.websiteType === 'builder';

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft || pending || !domain) return;
    if (!draft.headline.trim()) return setErrors({ headline: 'Please enter a headline' });
    setErrors({});
    setPending(true);
    const answer = await saveSite(domain.domainId, draft);
    setPending(false);
    if (isFailure(answer)) {
      const fieldErrors = (answer.data as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0]])));
      showToast(answer.message, 'error');
      return;
    }
    showToast('Your site is saved.', 'success', { durationMs: 4000 });
  }

  async function publish() {
    if (!domain || pending) return;
    setPending(true);
    const saved = draft ? await saveSite(domain.domainId, draft) : null;
    const answer = saved && isFailure(saved) ? saved : await updateWebsite(domain.domainId, { websiteType: 'builder' });
    setPending(false);
    if (isFailure(answer)) showToast(answer.message, 'error');
    else setPublished(true);
  }

  const ink = readableOn(draft.backgroundColor);
  return (
    <main id="main" className="container account-main">
      {back}
      <h1>Your site on {domain.domain}</h1>
      <div className="site-status">
        {isLive ? (
          <>
            <span className="badge badge-success">Live on your domain</span>
            <a href={siteAddress(domain.domain)} target="_blank" rel="noopener noreferrer">
              Visit {domain.domain}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </>
        ) : (
          <span className="badge badge-warning">
            Not shown yet: {domain.domain} shows {domain.websiteType === 'forward' ? 'a forward' : 'its parking page'}
          </span>
        )}
      </div>
      <div className="site-editor">
        <form className="card" noValidate onSubmit={save}>
          <TextField label="Headline" value={draft.headline} maxLength={120} error={errors.headline} onChange={(e) => set('headline')(e.target.value)} />
          <Field label="Text" hint="A blank line starts a new paragraph." error={errors.text}>
            {(control) => <textarea className="textarea" maxLength={4000} value={draft.text} onChange={(e) => set('text')(e.target.value)} {...control} />}
          </Field>
          <div className="colour-row">
            <Field label="Accent colour" error={errors.accentColor}>
              {(control) => (
                <input type="color" className="colour-input" value={draft.accentColor} onChange={(e) => set('accentColor')(e.target.value)} {...control} />
              )}
            </Field>
            <Field label="Background" error={errors.backgroundColor}>
              {(control) => (
                <input
                  type="color"
                  className="colour-input"
                  value={draft.backgroundColor}
                  onChange={(e) => set('backgroundColor')(e.target.value)}
                  {...control}
                />
              )}
            </Field>
          </div>
          <div className="site-editor-actions">
            <button type="submit" className="btn btn-primary" disabled={pending}>
              Save
            </button>
            {!isLive && (
              <button type="button" className="btn btn-spot" disabled={pending} onClick={publish}>
                Save and Show on {domain.domain}
              </button>
            )}
          </div>
        </form>
        <section className="site-preview" aria-label="Preview">
          <div className="site-preview-bar" aria-hidden="true">
            <i />
            <i />
            <i />
            <span>{domain.domain}</span>
          </div>
          <div className="site-preview-page" style={{ background: draft.backgroundColor, color: ink }}>
            <div className="site-preview-band" style={{ background: draft.accentColor }} />
            <div className="site-preview-header">
              <span className="site-preview-dot" style={{ background: draft.accentColor }} />
              {domain.domain}
            </div>
            <div className="site-preview-main">
              <h2>{draft.headline || 'Your headline'}</h2>
              <div className="site-preview-rule" style={{ background: draft.accentColor }} />
              {draft.text
                .split(/\n\s*\n/)
                .filter((p) => p.trim())
                .map((p) => (
                  <p key={p}>{p.trim()}</p>
                ))}
            </div>
          </div>
        </section>
      </div>
      <SuccessModal open={published} message={`Your site is now live on ${domain.domain}!`} onClose={() => setPublished(false)} />
    </main>
  );
}
