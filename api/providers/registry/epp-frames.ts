/** RFC 5734 framing: each EPP frame is a 32-bit big-endian length (header included) and the XML; a reader per socket. */
import type tls from 'node:tls';
import { EppConnectionError, EppError } from './epp-errors.ts';

const maxFrameBytes = 16 * 1024 * 1024;

/** RFC 5734 §4: a 32-bit big-endian total length (header included), then the XML. */
export function frame(xml: string): Buffer {
  const body = Buffer.from(xml, 'utf8');
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length + 4);
  return Buffer.concat([header, body]);
}

/** Splits a byte stream into frames; calls onFrame per complete frame. Throws on an impossible length. */
export function createFrameDecoder(onFrame: (xml: string) => void): (chunk: Buffer) => void {
  let buffered: Buffer = Buffer.alloc(0);
  return (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    while (buffered.length >= 4) {
      const total = buffered.readUInt32BE(0);
      if (total < 5 || total > maxFrameBytes) throw new EppError(`EPP frame length ${total} is invalid`);
      if (buffered.length < total) return;
      onFrame(buffered.subarray(4, total).toString('utf8'));
      buffered = buffered.subarray(total);
    }
  };
}

export function frameReader(socket: tls.TLSSocket, host: string): (timeoutMs: number) => Promise<string> {
  const frames: string[] = [];
  let waiter: { resolve: (xml: string) => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    waiter?.reject(failure);
    waiter = null;
  };
  const decode = createFrameDecoder((xml) => {
    if (waiter) {
      waiter.resolve(xml);
      waiter = null;
    } else {
      frames.push(xml);
    }
  });
  socket.on('data', (chunk: Buffer) => {
    try {
      decode(chunk);
    } catch (error) {
      fail(error as Error);
      socket.destroy();
    }
  });
  socket.on('error', (error) => fail(new EppConnectionError(`EPP connection to ${host} failed: ${error.message}`)));
  socket.on('close', () => fail(new EppConnectionError(`EPP connection to ${host} dropped before the registry answered`)));
  return (timeoutMs) => {
    const ready = frames.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiter = null;
        reject(new EppError(`The registry at ${host} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      waiter = {
        resolve: (xml) => {
          clearTimeout(timer);
          resolve(xml);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  };
}
