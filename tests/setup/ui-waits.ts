/**
 * Component tests (the happy-dom ones) wait for what a user would see for up to 10 s, not Testing Library's 1 s: a
 * lazily loaded dialog takes longer than a second to transform and import on a loaded two-core machine, and the wait
 * ends as soon as it shows.
 */
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
