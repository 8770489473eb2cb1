/** Lists /api/dev/outbox (newest first), refreshing every 3 s. */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useEffect, useState } from 'react';
import type { OutboxMessage as Message } from '../../api/contract/outbox.ts';

export default function Outbox() {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let stopped = false;
    const load = async () => {
      const answer = await apiClient.GET('/dev/outbox', { toast: false });
      if (stopped) return;
      if (isFailure(answer)) return setUnavailable(true);
      setMessages(answer.data);
    };
    void load();
    const timer = setInterval(load, 3000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (unavailable) return <p>The outbox is only available while the sandbox mail and SMS providers are active.</p>;
  if (!messages) return <p>Loading…</p>;
  if (messages.length === 0) return <p>No messages yet.</p>;
  return (
    <ol className="outbox" aria-label="Messages">
      {messages.map((m) => (
        <li key={m.id} className="card">
          <p>
            <span className="badge badge-info">{m.channel.toUpperCase()}</span> to <strong>{m.to}</strong> ·{' '}
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
          </p>
          {m.subject && <h2 style={{ fontSize: 'var(--text-lg)' }}>{m.subject}</h2>}
          {m.envelopeFrom !== null && (
            <p>
              Envelope sender (MAIL FROM): <code>&lt;{m.envelopeFrom}&gt;</code>
              {m.rawUrl && (
                <>
                  {' '}
                  · <a href={m.rawUrl}>Message as sent ({m.sizeBytes} bytes)</a>
                </>
              )}
            </p>
          )}
          <pre style={{ whiteSpace: 'pre-wrap', fontFamily: 'var(--font-mono)', margin: 0 }}>{m.body}</pre>
        </li>
      ))}
    </ol>
  );
}
