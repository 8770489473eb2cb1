/**
 * The authenticator app's setup: a QR code drawn from `$totpUrl` (the qrcode library, loaded when the code first
 * shows) and the same secret as text for typing in.
 */
import { useEffect, useState } from 'react';

type Matrix = { size: number; dark: (row: number, col: number) => boolean };
const quietZone = 4;

/** The key in groups of four, as authenticator apps show them. */
export function secretOf(totpUrl: string): string {
  const secret = new URL(totpUrl).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function QrSvg({ matrix }: { matrix: Matrix }) {
  let path = '';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.dark(row, col)) path += `M${col + quietZone} ${row + quietZone}h1v1h-1z`;
    }
  }
  const side = matrix.size + quietZone * 2;
  return (
    <svg className="totp-qr" viewBox={`0 0 ${side} ${side}`} role="img" aria-label="QR code for your authenticator app" shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#0f1a36" />
    </svg>
  );
}

export function TotpSetup({ totpUrl }: { totpUrl: string }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qrcode) => {
      const { modules } = qrcode.create(totpUrl, { errorCorrectionLevel: 'M' });
      if (live) setMatrix({ size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) });
    });
    return () => {
      live = false;
    };
  }, [totpUrl]);
  return (
    <div className="totp-setup">
      <div className="totp-qr-frame">{matrix ? <QrSvg matrix={matrix} /> : <span className="spinner" aria-hidden="true" />}</div>
      <div className="totp-steps">
        <p>Scan this code with your authenticator app (Google Authenticator, 1Password, Authy…).</p>
        <p className="small muted">Can’t scan it? Enter this setup key:</p>
        <code className="totp-secret">{secretOf(totpUrl)}</code>
      </div>
    </div>
  );
}
