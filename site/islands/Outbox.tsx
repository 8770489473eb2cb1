/** Lists /api/dev/outbox (newest first), refreshing every 3 s. */
import { useEffect, useState } from 'react';

type Message = {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
  /** A relayed message: its envelope sender ('' for the null sender) and where its exact bytes are. */
  envelopeFrom: string | null;
  sizeBytes: number | null;
  rawUrl: string | null;
};

export default function Outbox() {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let stopped = false;
    const load = async () => {
      const response = await fetch('/api/dev/outbox', { credentials: 'include' }).catch(() => null);
      if (stopped) return;
      if (!response?.ok) return setUnavailable(true);
      setMessages(((await response.json()) as { data: Message[] }).data);
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
            <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>
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
