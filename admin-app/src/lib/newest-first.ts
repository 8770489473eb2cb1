/** A pager's words under a list read newest first. */
export const newestFirst = { back: 'Newer', forward: 'Older' } as const;
