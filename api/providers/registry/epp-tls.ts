/** The TLS connection under an EPP session (RFC 5734): TLS 1.2 or later, optional client certificate, a connect timeout. */
import tls from 'node:tls';
import { EppConnectionError } from './epp-errors.ts';

/** Where and how to connect: the TLS part of EppConnectionOptions. */
export type TlsTarget = {
  host: string;
  port: number;
  servername?: string;
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
};

export function connectTls(options: TlsTarget, timeoutMs: number): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: options.host,
      port: options.port,
      servername: options.servername ?? (/^[\d.:]+$/.test(options.host) ? undefined : options.host),
      ca: options.ca,
      cert: options.cert,
      key: options.key,
      minVersion: 'TLSv1.2',
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new EppConnectionError(`Could not connect to the registry at ${options.host}:${options.port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      socket.setKeepAlive(true, 60_000);
      resolve(socket);
    });
    // `on`, not `once`: a second error event without a listener would crash the process.
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(new EppConnectionError(`Could not connect to the registry at ${options.host}:${options.port}: ${error.message}`));
    });
  });
}
