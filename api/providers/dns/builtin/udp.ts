/** The built-in server's UDP socket, bound on one host and port: each datagram is handed over with a way to reply. */
import dgram from 'node:dgram';
import net from 'node:net';

export type UdpEndpoint = { port: number; close(): void };
/** Sends an answer; under Node it resolves once the datagram left (close() waits for answers in flight). */
export type Reply = (message: Uint8Array) => unknown;

/** Bun's own UDP socket when running under Bun (the fast path), node:dgram otherwise (tests run under Node). */
export async function bindUdp(
  host: string,
  port: number,
  onMessage: (message: Uint8Array, port: number, address: string, reply: Reply) => void,
): Promise<UdpEndpoint> {
  if (typeof Bun !== 'undefined') {
    const socket = await Bun.udpSocket({
      hostname: host,
      port,
      socket: {
        data(self, message, peerPort, peerAddress) {
          // send copies the bytes at once, so the reused answer buffer can be handed over as is.
          onMessage(message, peerPort, peerAddress, (answer) => self.send(answer, peerPort, peerAddress));
        },
        error(_self, error) {
          console.error('DNS (UDP):', error.message);
        },
      },
    });
    return { port: socket.port, close: () => socket.close() };
  }
  const socket = dgram.createSocket({ type: net.isIPv6(host) ? 'udp6' : 'udp4', reuseAddr: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  socket.on('error', (error) => console.error('DNS (UDP):', error.message));
  socket.on('message', (message, peer) => {
    // node:dgram sends later: the reused buffer must be copied.
    onMessage(
      message,
      peer.port,
      peer.address,
      (answer) => new Promise<void>((resolve) => socket.send(Buffer.from(answer), peer.port, peer.address, () => resolve())),
    );
  });
  return { port: socket.address().port, close: () => socket.close() };
}
