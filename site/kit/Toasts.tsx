/** The toast stack for the React apps: the kit's one stack (toast-stack.ts), mounted once beside the app. */
import { useEffect } from 'react';
import { mountToastStack } from './toast-stack.ts';

export default function Toasts() {
  useEffect(() => mountToastStack(), []);
  return null;
}
