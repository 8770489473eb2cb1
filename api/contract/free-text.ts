/** Free text a person types and we keep (a reason, a note, a name): no control characters but tab and line breaks. */

/** C0 controls other than tab, line feed and carriage return; DEL; the C1 block. PostgreSQL cannot even store NUL. */
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The first control character in `text`, as U+XXXX, or null. */
export function findControlCharacter(text: string): string | null {
  const match = controlCharacter.exec(text);
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : null;
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
