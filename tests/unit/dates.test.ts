/**
 * The one date module of the three front ends (site/kit/dates.ts, issue #37): what each format shows, and that no other
 * file of the site, the account app or the back office formats a date by itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles } from './source-files.ts';
import { formatAgo, formatCalendarDay, formatDate, formatDateTime, formatIsoDay } from '../../site/kit/dates.ts';

describe('site/kit/dates.ts', () => {
  const moment = Date.UTC(2026, 10, 25, 12, 4);

  it('shows a day as "Nov 25, 2026" and nothing as a dash', () => {
    expect(formatDate(moment)).toBe('Nov 25, 2026');
    expect(formatDate(new Date(moment).toISOString())).toBe('Nov 25, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
  });

  it('names the time zone of a moment shown to the minute', () => {
    expect(formatDateTime(moment)).toMatch(/^Nov 25, 2026, \d{1,2}:04\s[AP]M\s\S+$/);
    expect(formatDateTime(undefined)).toBe('—');
  });

  it('says how long ago, then the moment', () => {
    expect(formatAgo(null)).toBe('Never');
    expect(formatAgo(moment - 20_000, moment)).toBe('Just now');
    expect(formatAgo(moment - 5 * 60_000, moment)).toBe('5 min ago');
    expect(formatAgo(moment - 3 * 3_600_000, moment)).toBe('3 h ago');
    expect(formatAgo(moment - 3 * 86_400_000, moment)).toBe(formatDateTime(moment - 3 * 86_400_000));
  });

  it('reads a calendar day in UTC, the same for every reader', () => {
    expect(formatCalendarDay(new Date('2026-11-25T23:30:00-05:00'))).toBe('November 26, 2026');
    expect(formatCalendarDay(new Date('2026-03-01T00:00:00Z'))).toBe('March 1, 2026');
  });

  it('writes the ISO day for inputs and file names', () => {
    expect(formatIsoDay(new Date(2026, 0, 5, 12))).toBe('2026-01-05');
  });
});

describe('one date module', () => {
  const sources = (folder: string) => sourceFiles(folder, ['.ts', '.tsx', '.astro']);
  const formatsOnItsOwn = /Intl\.DateTimeFormat|toLocale(Date|Time)String|from 'date-fns\/format'|toLocaleString\([^)]*(month|hour)/;

  it('is the only place the front ends format a date', () => {
    const files = ['site', 'account-app/src', 'admin-app/src'].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => file !== 'site/kit/dates.ts' && formatsOnItsOwn.test(readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('would see one that does', () => {
    expect(formatsOnItsOwn.test("const when = new Intl.DateTimeFormat('en-US', { month: 'short' });")).toBe(true);
    expect(formatsOnItsOwn.test("d.toLocaleDateString('en-US')")).toBe(true);
  });
});
