/**
 * The login island (storefront spec §2 Login, §4 Login / Forgot password): one component per step over the reducer
 * in login-state.ts; the calls are in login-calls.ts. Query words: as, redirect, recovery, logout.
 */
import { type ComponentType, useEffect, useReducer, useRef } from 'react';
import { safeRedirect } from '../../../api/contract/auth/login.ts';
import { logout } from '@kit/session.ts';
import { $isLoggedIn, refreshCart } from '../../stores/cart.ts';
import { openRecovery } from './login-calls.ts';
import { typedValue } from '../../lib/use-typed-value.ts';
import { headings, initialLoginState, type LoginStep, loginReducer, type StepProps } from './login-state.ts';
import { CodeStep } from './steps/CodeStep.tsx';
import { CredentialsStep } from './steps/CredentialsStep.tsx';
import { ForgotStep } from './steps/ForgotStep.tsx';
import { MethodsStep } from './steps/MethodsStep.tsx';
import { NewPasswordStep } from './steps/NewPasswordStep.tsx';
import { RecoveryCodeStep } from './steps/RecoveryCodeStep.tsx';
import { OpeningStep } from './steps/OpeningStep.tsx';
import { SentStep } from './steps/SentStep.tsx';

type Props = { brandName: string; webmailUrl: string; helpCenterUrl: string };

const steps: Record<LoginStep, ComponentType<StepProps>> = {
  credentials: CredentialsStep,
  methods: MethodsStep,
  code: CodeStep,
  'recovery-code': RecoveryCodeStep,
  forgot: ForgotStep,
  sent: SentStep,
  opening: OpeningStep,
  'new-password': NewPasswordStep,
};

export default function LoginApp({ brandName, webmailUrl }: Props) {
  // Typed before the script ran: kept, not wiped by hydration.
  const [state, send] = useReducer(loginReducer, initialLoginState, (initial) => ({
    ...initial,
    email: typedValue('login-email'),
    password: typedValue('login-password'),
  }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<LoginStep>(state.step);

  // Read the query words once, in the browser.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const target = safeRedirect(params.get('redirect'));
    send({ type: 'hydrated', redirect: target, email: params.get('as') || undefined });
    const token = params.get('recovery');
    if (token) {
      // The link works once: drop it from the address bar so a reload does not spend a used token.
      params.delete('recovery');
      const rest = params.toString();
      window.history.replaceState(null, '', `/login${rest ? `?${rest}` : ''}`);
      void openRecovery(token, send);
      return;
    }
    void (async () => {
      // The cart answers every visitor with its logged-in flag (storefront spec §5): no 401 for an anonymous one.
      await refreshCart();
      if (!$isLoggedIn.get()) {
        // Said only once it is true: a signed-in visitor arriving here is signed out first (below) and comes back.
        if (params.get('logout') === 'true') send({ type: 'signedOut' });
        return;
      }
      // /login?logout=true is where the header's Log Out link points: a signed-in visitor arriving there is
      // signed out (with the 3-second notice), not sent back to the account.
      if (params.get('logout') === 'true') await logout();
      else window.location.replace(target);
    })();
  }, []);

  // Move focus to the new step's heading so keyboard and screen-reader users follow along. Not while a recovery
  // link opens: that is the page loading, no step the visitor took, and a focus ring on arrival reads as a glitch.
  useEffect(() => {
    const previous = shownStep.current;
    shownStep.current = state.step;
    if (previous === state.step || previous === 'opening' || state.step === 'opening') return;
    headingRef.current?.focus();
  }, [state.step]);

  useEffect(() => {
    if (state.leavingTo) window.location.assign(state.leavingTo);
  }, [state.leavingTo]);

  const Step = steps[state.step];
  return (
    <div className="login-card card">
      <h1 ref={headingRef} tabIndex={-1} className="login-title">
        {headings[state.step]}
      </h1>
      <div className="login-status" role="status" aria-live="polite">
        {state.notice && <p className="login-notice">{state.notice}</p>}
        {state.busy && state.step === 'forgot' && <p className="login-muted">Sending…</p>}
      </div>
      <Step state={state} send={send} />
      <p className="login-webmail">
        Looking for your email? <a href={webmailUrl}>Log in to {brandName} Webmail</a>
      </p>
    </div>
  );
}
