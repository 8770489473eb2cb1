/**
 * The audit log as CSV (RFC 4180: fields quoted when they hold a comma, quote or line break; CRLF between rows). A
 * cell a spreadsheet would run as a formula (it starts with =, +, -, @, tab or CR) is prefixed with an apostrophe, so
 * an export opened in Excel cannot run what a customer typed into a reason or a name.
 */
import { type AuditEntry, auditCsvColumns } from '../../contract/audit/audit.ts';

function cell(value: unknown): string {
  let text = value == null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [auditCsvColumns.join(','), ...entries.map((entry) => auditCsvColumns.map((column) => cell(entry[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
