/**
 * New-account email or password, checked on the server while typing (storefront spec §5): trimmed first; the
 * server's message shows once the field is touched, or focused and longer than 2 characters; an answer
 * starting with '/' means the account exists and links to log in.
 */
import { useEffect, useRef, useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { asksForBotCheck } from '../../../api/contract/bot-check.ts';
import { prepareBotCheck, solveBotCheck } from '../../lib/bot-check-retry.ts';

const botCheckPauseMs = 400;

type Props = {
  kind: 'email' | 'password';
  label: string;
  initial: string;
  /** The accepted value, or '' when the server refused it (the stored value is cleared). */
  onAccepted: (value: string) => void;
};

export default function AccountField({ kind, label, initial, onAccepted }: Props) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [focused, setFocused] = useState(false);
  const [verdict, setVerdict] = useState<{ valid: boolean; msg: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const id = `account-${kind}`;

  const check = async (raw: string) => {
    const trimmed = raw.trim();
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const ask = (recaptchaToken?: string) =>
      apiClient.POST('/validate', {
        body: kind === 'email' ? { email: trimmed, recaptchaToken } : { password: trimmed },
        toast: false,
        signal: current.signal,
      });
    let answer = await ask();
    if (isFailure(answer) && asksForBotCheck(answer.data)) {
      // A well-formed email: whether it has an account costs a bot check. Solve one once typing pauses.
      await new Promise((resolve) => setTimeout(resolve, botCheckPauseMs));
      if (current.signal.aborted) return;
      answer = await ask(await solveBotCheck());
    }
    // An email or a password is answered with a verdict (only a phone code is answered `sent`).
    if (current.signal.aborted || isFailure(answer) || !('valid' in answer)) return;
    setVerdict(answer);
    onAccepted(answer.valid ? trimmed : '');
  };

  useEffect(() => {
    if (initial) void check(initial);
    // Only the saved value on first render is re-checked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const showFeedback = verdict != null && (touched || (focused && value.length > 2));
  const exists = verdict && !verdict.valid && verdict.msg.startsWith('/');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`input${showFeedback && verdict?.valid ? ' is-valid' : ''}`}
        type={kind === 'email' ? 'email' : 'password'}
        autoComplete={kind === 'email' ? 'email' : 'new-password'}
        value={value}
        aria-invalid={showFeedback && !verdict?.valid ? true : undefined}
        aria-describedby={`${id}-feedback`}
        onFocus={() => {
          setFocused(true);
          // Whether an email has an account costs a bot check: solve it while the email is typed.
          if (kind === 'email') prepareBotCheck();
        }}
        onBlur={() => {
          setFocused(false);
          setTouched(true);
        }}
        onChange={(e) => {
          setValue(e.target.value);
          void check(e.target.value);
        }}
      />
      <span id={`${id}-feedback`} aria-live="polite" className={verdict?.valid ? 'field-ok' : 'field-error'}>
        {showFeedback && exists && (
          <>
            Account already exist! <a href={verdict.msg}>Login</a>
          </>
        )}
        {showFeedback && !exists && (verdict?.valid ? (kind === 'email' ? 'Looks good' : 'Good password') : verdict?.msg)}
      </span>
    </div>
  );
}
