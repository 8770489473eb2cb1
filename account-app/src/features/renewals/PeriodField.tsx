/** The renewal period, 1 to 10 years, default 1 (control-panel spec §5, §9). */
import { Field } from '@kit/Field.tsx';
import { maxRenewalPeriod } from '../../../../api/contract/renewals/renew-rules.ts';

export function PeriodField({ value, onChange }: { value: number; onChange: (years: number) => void }) {
  return (
    <div className="renew-period">
      <Field label="Renewal period">
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
