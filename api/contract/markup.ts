const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML or XML, in an element or a quoted attribute. */
export const escapeMarkup = (text: string): string => text.replace(/[&<>"']/g, (char) => entities[char]);
