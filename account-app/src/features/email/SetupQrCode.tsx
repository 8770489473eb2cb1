/** A QR code of the mailbox's set-up profile link, drawn as SVG by `qrcode`, which loads only when this shows. */
import { useEffect, useState } from 'react';

export function SetupQrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#111827', light: '#ffffff' } }))
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(''));
    return () => {
      live = false;
    };
  }, [url]);
  if (svg === '') return null;
  return (
    <figure className="email-qr">
      {svg ? (
        // Our own library's SVG for our own URL: no outside markup reaches this.
        <div className="email-qr-code" role="img" aria-label="QR code for phone set-up" dangerouslySetInnerHTML={{ __html: svg }} />
      ) : (
        <div className="email-qr-code is-loading" aria-hidden="true" />
      )}
      <figcaption className="muted small">Scan with your phone's camera to install the email settings.</figcaption>
    </figure>
  );
}
