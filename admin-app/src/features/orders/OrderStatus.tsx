/** An order's or line's state as a badge. */
const badges: Record<string, [string, string]> = {
  completed: ['badge-success', 'Completed'],
  delivered: ['badge-success', 'Delivered'],
  unconfirmed: ['badge-warning', 'Unconfirmed'],
  unknown: ['badge-warning', 'No answer yet'],
  failed: ['badge-danger', 'Failed'],
  pending: ['badge-info', 'Pending'],
  authorized: ['badge-info', 'Authorised'],
  requiresAction: ['badge-info', 'Waiting for 3-D Secure'],
  'auth-code-needed': ['badge-warning', 'Needs auth code'],
  'auth-code-rejected': ['badge-warning', 'Auth code rejected'],
  refunded: ['badge-neutral', 'Refunded'],
  partlyRefunded: ['badge-warning', 'Partly refunded'],
  cancelled: ['badge-neutral', 'Cancelled'],
};

export function OrderStatus({ status }: { status: string }) {
  const [tone, label] = badges[status] ?? ['badge-info', status];
  return <span className={`badge ${tone}`}>{label}</span>;
}
