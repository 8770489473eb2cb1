/**
 * Imported first by every contract module that uses zod. In a browser zod must not probe for `new Function` (its
 * fast object parser): under our Content-Security-Policy (no 'unsafe-eval') the probe fails harmlessly but is still
 * reported as a violation. The server keeps the fast parser.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
