/** "1–50 of 1,234" with Newer and Older, under a list read a page at a time (newest first). */
export function Pager({
  skip,
  shown,
  total,
  pageSize,
  onSkip,
}: {
  skip: number;
  shown: number;
  total: number;
  pageSize: number;
  onSkip: (skip: number) => void;
}) {
  return (
    <div className="pager">
      <span role="status">
        {skip + 1}–{skip + shown} of {total.toLocaleString('en-US')}
      </span>
      <span className="page-actions">
        <button type="button" className="btn btn-secondary btn-sm" disabled={skip === 0} onClick={() => onSkip(Math.max(0, skip - pageSize))}>
          Newer
        </button>
        <button type="button" className="btn btn-secondary btn-sm" disabled={skip + pageSize >= total} onClick={() => onSkip(skip + pageSize)}>
          Older
        </button>
      </span>
    </div>
  );
}
