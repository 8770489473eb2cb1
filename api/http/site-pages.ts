/**
 * The pages a customer's domain shows from our server: the parking page (default or blank) and the builder's
 * one-page site. Self-contained HTML (inline styles, an inline SVG mark, no script, nothing fetched), so they pass
 * the strict policy `sitePagePolicy` on any host; every value is escaped.
 */
import brand from '../../content/brand.json' with { type: 'json' };
import { escapeMarkup } from '../contract/markup.ts';
import type { SiteContent } from '../contract/websites/website.ts';

/** Pages on customers' hosts run no script, load nothing, submit nothing and are framed by nobody. */
export const sitePagePolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const mark =
  '<svg aria-hidden="true" width="26" height="26" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#2448c7"/><circle cx="21" cy="11" r="5.5" fill="#ff5b2e"/></svg>';

const baseStyle = `*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.5}
a{color:inherit}a:focus-visible{outline:3px solid #1a56ff;outline-offset:2px;border-radius:4px}`;

function page(title: string, style: string, body: string, options: { noindex?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.noindex ? '<meta name="robots" content="noindex">\n' : ''}<title>${escapeMarkup(title)}</title>
<style>${baseStyle}
${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The name escaped, allowed to wrap before each dot rather than mid-label. */
const breakable = (domain: string) => domain.split('.').map(escapeMarkup).join('<wbr>.');

/** The label a "find similar names" search starts from: the name without its extension. */
const labelOf = (domain: string) => domain.split('.')[0] ?? domain;

export function parkingPage(domain: string, options: { publicOrigin: string; forSale: boolean }): string {
  const origin = options.publicOrigin;
  const searchUrl = `${origin}/search?q=${encodeURIComponent(labelOf(domain))}`;
  const saleUrl = `${origin}/for-sale/${encodeURIComponent(domain)}`;
  const style = `body{min-height:100vh;display:flex;flex-direction:column;background:#f5f7fb;color:#1c2434}
.top{padding:18px 24px}.brand{display:inline-flex;align-items:center;gap:8px;font-weight:800;font-size:1.125rem;color:#0f1a36;text-decoration:none;letter-spacing:-0.02em}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:24px}
.panel{width:100%;max-width:640px;background:#fff;border:1px solid #dfe3ec;border-radius:16px;box-shadow:0 18px 40px rgb(15 26 54/.10);padding:48px 40px;text-align:center}
.eyebrow{display:inline-block;margin:0 0 16px;padding:4px 12px;border-radius:999px;background:#e8edfd;color:#1a3597;font-size:.8125rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase}
h1{margin:0 0 12px;font-size:clamp(1.75rem,6vw,3rem);line-height:1.1;color:#0f1a36;letter-spacing:-0.02em;overflow-wrap:anywhere}h1.long{font-size:clamp(1.5rem,5vw,2.5rem)}
.lead{margin:0 auto 32px;max-width:30rem;color:#4a5568;font-size:1.0625rem}
.actions{display:flex;flex-wrap:wrap;gap:12px;justify-content:center}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:12px 22px;border-radius:10px;font-weight:700;text-decoration:none}
.btn-primary{background:#2448c7;color:#fff}.btn-primary:hover{background:#1a3597}
.btn-spot{background:#ff5b2e;color:#0f1a36}.btn-spot:hover{background:#e94e22}
.btn-secondary{background:#fff;color:#1a3597;border:1px solid #c9d3f5}.btn-secondary:hover{background:#e8edfd}
.sale{margin:0 0 28px;padding:20px;border-radius:12px;background:#fff4ec;border:1px solid #ffd2c2}
.sale h2{margin:0 0 6px;font-size:1.25rem;color:#0f1a36}.sale p{margin:0 0 14px;color:#4a5568}
footer{padding:20px 24px;text-align:center;color:#4a5568;font-size:.875rem}
@media (max-width:520px){.panel{padding:32px 20px}.btn{width:100%}}`;
  const sale = options.forSale
    ? `<section class="sale" aria-labelledby="sale-title"><h2 id="sale-title">This domain is for sale</h2><p>The owner of ${escapeMarkup(domain)} is ready to sell it.</p><a class="btn btn-spot" href="${escapeMarkup(saleUrl)}">See the price and make an offer</a></section>`
    : '';
  const body = `<header class="top"><a class="brand" href="${escapeMarkup(origin)}/">${mark}<span>${escapeMarkup(brand.name.toLowerCase())}</span></a></header>
<main><div class="panel">
<p class="eyebrow">Parked with ${escapeMarkup(brand.name)}</p>
<h1${domain.length > 18 ? ' class="long"' : ''}>${breakable(domain)}</h1>
<p class="lead">This domain is parked. Its owner has not set up a website here yet.</p>
${sale}<div class="actions"><a class="btn ${options.forSale ? 'btn-secondary' : 'btn-primary'}" href="${escapeMarkup(searchUrl)}">Find a name like this</a><a class="btn btn-secondary" href="${escapeMarkup(origin)}/">Get your own domain</a></div>
</div></main>
<footer>${escapeMarkup(brand.name)}: ${escapeMarkup(brand.tagline)}</footer>`;
  return page(`${domain} is parked`, style, body, { noindex: true });
}

export function blankPage(domain: string): string {
  return page(domain, 'body{background:#fff}', '', { noindex: true });
}

/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Ink or white, whichever reads better on `background`. */
export const readableOn = (background: string) => (luminance(background) > 0.35 ? '#0f1a36' : '#ffffff');

export function builderPage(domain: string, site: SiteContent, options: { publicOrigin: string; isStarter: boolean }): string {
  const ink = readableOn(site.backgroundColor);
  const paragraphs = site.text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeMarkup(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const intro = paragraphs || (options.isStarter ? `<p>${escapeMarkup(domain)} is getting a new website. Check back soon.</p>` : '');
  const style = `body{min-height:100vh;display:flex;flex-direction:column;background:${site.backgroundColor};color:${ink}}
.band{height:8px;background:${site.accentColor}}
header{padding:20px 24px;max-width:960px;width:100%;margin:0 auto;font-weight:800;letter-spacing:-0.01em;font-size:1.125rem}
header span{display:inline-block;width:12px;height:12px;border-radius:50%;background:${site.accentColor};margin-right:8px}
main{flex:1;width:100%;max-width:960px;margin:0 auto;padding:48px 24px 64px}
h1{margin:0 0 24px;font-size:clamp(2.25rem,7vw,4rem);line-height:1.05;letter-spacing:-0.03em;max-width:16ch;overflow-wrap:anywhere}
.rule{width:72px;height:6px;border-radius:3px;background:${site.accentColor};margin:0 0 28px}
.text{max-width:40rem;font-size:1.125rem;opacity:.88}.text p{margin:0 0 1em}
footer{padding:20px 24px;text-align:center;font-size:.8125rem;opacity:.75}
footer a{color:inherit}`;
  const body = `<div class="band"></div>
<header><span aria-hidden="true"></span>${escapeMarkup(domain)}</header>
<main><h1>${escapeMarkup(site.headline)}</h1><div class="rule"></div><div class="text">${intro}</div></main>
<footer>Made with the <a href="${escapeMarkup(options.publicOrigin)}/website-builder">${escapeMarkup(brand.name)} Website Builder</a></footer>`;
  return page(`${site.headline} | ${domain}`, style, body);
}
