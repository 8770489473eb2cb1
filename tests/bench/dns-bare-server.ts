/**
 * The DNS benchmark's baseline: a bare dns-packet server on UDP answering every question with one fixed A record,
 * no zone lookup, no cache, no database. Prints its port on the first line; runs until killed.
 */
import dgram from 'node:dgram';
import * as packet from 'dns-packet';

const socket = dgram.createSocket('udp4');
socket.on('message', (message, peer) => {
  const query = packet.decode(message);
  const answer = packet.encode({
    id: query.id,
    type: 'response',
    flags: packet.AUTHORITATIVE_ANSWER,
    questions: query.questions,
    answers: [{ name: query.questions?.[0]?.name ?? '.', type: 'A', class: 'IN', ttl: 300, data: '127.0.0.1' }],
  });
  socket.send(answer, peer.port, peer.address);
});
socket.bind(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(socket.address().port));
