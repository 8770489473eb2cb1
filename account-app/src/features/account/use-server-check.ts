/**
 * A field checked on the server once typing stops (spec §5 Login update: 500 ms): the answer for the latest value
 * only, earlier requests cancelled. `skip` marks values that need no asking (empty optional field, unchanged email).
 */
import { isFailure } from '@kit/api.ts';
import { useEffect, useState } from 'react';
import { type ValidateAnswer, validateField } from './api.ts';

export const checkDelayMs = 500;

export type ServerCheck = { state: 'idle' } | { state: 'checking' } | { state: 'done'; answer: ValidateAnswer };

export function useServerCheck(field: 'email' | 'password', value: string, skip: boolean): ServerCheck {
  const [check, setCheck] = useState<ServerCheck>({ state: 'idle' });
  useEffect(() => {
    if (skip) {
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const body = field === 'email' ? { email: value } : { password: value };
      const answer = await validateField(body, controller.signal);
      if (controller.signal.aborted) return;
      setCheck({ state: 'done', answer: isFailure(answer) ? { valid: false, msg: answer.message } : answer });
    }, checkDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [field, value, skip]);
  return check;
}

/** A path answer means "an account already uses this email" (the server's way to say where to sign in instead). */
export function isPathAnswer(msg: string): boolean {
  return msg.startsWith('/');
}
