/**
 * What the visitor typed into an island's field before the island's script ran. The field is in the server-rendered
 * HTML and takes typing at once (on a slow line for seconds); hydrating a controlled field from an empty state wiped
 * that text, and a Check Transfer pressed next said "No domains entered". The state starts from the field instead.
 */
import { useState } from 'react';

/** The text in the page's field of this id, or `initial` when it is empty, missing or on the server. */
export function typedValue(fieldId: string, initial = ''): string {
  if (typeof document === 'undefined') return initial;
  const field = document.getElementById(fieldId);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value || initial : initial;
}

export function useTypedValue(fieldId: string, initial = ''): [string, (value: string) => void] {
  return useState(() => typedValue(fieldId, initial));
}
