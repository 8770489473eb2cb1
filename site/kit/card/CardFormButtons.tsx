/** Save Card (with a spinner while saving) and an optional Cancel: the foot of both card forms. */
export function CardFormButtons({ busy, disabled = false, onCancel }: { busy: boolean; disabled?: boolean; onCancel?: () => void }) {
  return (
    <div className="button-row">
      <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        Save Card
      </button>
      {onCancel && (
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      )}
    </div>
  );
}
