/**
 * The sandbox EPP server's TLS certificate: self-signed for localhost and 127.0.0.1, made at first start and kept in
 * `certDir` (DATA_DIR), so clients can pin it (`ca`) across restarts. Made with `selfsigned` (pure JavaScript, so
 * no openssl binary is needed on the machine); renewed when it is within 30 days of expiring.
 */
import { X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import selfsigned from 'selfsigned';
import { systemClock } from '../../../clock.ts';

export type ServerCertificate = { cert: string; key: string; certPath: string };

/** TLS checks validity against the machine's real time, not the sandbox clock, so this reads the real time too. */
export async function loadOrCreateCertificate(certDir: string): Promise<ServerCertificate> {
  const realNow = systemClock.now().getTime();
  const certPath = path.join(certDir, 'sandbox-epp-cert.pem');
  const keyPath = path.join(certDir, 'sandbox-epp-key.pem');
  try {
    const cert = readFileSync(certPath, 'utf8');
    const key = readFileSync(keyPath, 'utf8');
    const validTo = new Date(new X509Certificate(cert).validTo);
    if (validTo.getTime() - realNow > 30 * 24 * 3600 * 1000) return { cert, key, certPath };
  } catch {
    // Not made yet (or unreadable): make a new one.
  }
  mkdirSync(certDir, { recursive: true });
  const notAfterDate = new Date(realNow + 5 * 365 * 24 * 3600 * 1000);
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256', notAfterDate });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert);
  return { cert: pems.cert, key: pems.private, certPath };
}
