/**
 * The renewal period, 1 to 10 years, default 1 (control-panel spec §5, §9). `notes` say under it why a name gets
 * fewer years (periodCapNotes), read with the field and announced as they change.
 */
import { Field } from '@kit/Field.tsx';
import { maxRenewalPeriod } from '../../../../api/contract/renewals/renew-rules.ts';

export function PeriodField({ value, onChange, notes = [] }: { value: number; onChange: (years: number) => void; notes?: readonly string[] }) {
  return (
    <div className="renew-period">
      <Field
        label="Renewal period"
        hint={
          notes.length > 0 ? (
            <span className="renew-period-notes" role="status">
              {notes.join(' ')}
            </span>
          ) : undefined
        }
      >
        {(control) => (
          <select {...control} className="select" value={value} onChange={(event) => onChange(Number(event.currentTarget.value))}>
            {Array.from({ length: maxRenewalPeriod }, (_, i) => i + 1).map((years) => (
              <option key={years} value={years}>
                {years} year{years === 1 ? '' : 's'}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
