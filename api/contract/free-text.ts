/** Free text a person types and we keep (a reason, a note, a name): no control characters but tab and line breaks. */

/** C0 controls other than tab, line feed and carriage return; DEL; the C1 block. PostgreSQL cannot even store NUL. */
function isControlCharacter(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
}

/** The first control character in `text`, as U+XXXX, or null. */
export function findControlCharacter(text: string): string | null {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (isControlCharacter(code)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

/** The path ("reason", "contacts.0.name") and code of the first string holding a control character in a JSON value. */
export function findControlCharacterIn(value: unknown, path: string[] = []): { field: string; character: string } | null {
  if (typeof value === 'string') {
    const character = findControlCharacter(value);
    return character ? { field: path.join('.') || 'body', character } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacterIn(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findControlCharacterIn(key, [...path, key]) ?? findControlCharacterIn(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
