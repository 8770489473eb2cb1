/**
 * One-click templates: the providers (templates), one previewed against the zone with the records in its way
 * (previewTemplate; those go only when the customer ticks the box), and what was applied (finishTemplate).
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import type { StepOutcome, StepViews } from '@kit/SteppedModal.tsx';
import { useState } from 'react';
import type { DnsTemplatePreview, DnsTemplateSummary } from '../../../../api/contract/dns/dns-templates.ts';
import type { ZoneRecordSnapshot } from '../../../../api/contract/dns/zone-history.ts';
import { useApi } from '../../swr.ts';
import { dnsTemplatesKey } from './api.ts';
import type { DnsView } from './dns-views.ts';
import { RecordLine } from './RecordText.tsx';
import { WhatStops } from './WhatStops.tsx';

type TemplateViews = Pick<StepViews<DnsView>, 'templates' | 'previewTemplate' | 'finishTemplate'>;
type Applied = { added: ZoneRecordSnapshot[]; removed: ZoneRecordSnapshot[]; leftOut: { record: ZoneRecordSnapshot; reason: string }[] };

/** `run`: the modal's, so choosing a template is pending like an action and a failure shows on the view. */
export function useTemplateViews(
  domainId: number,
  zone: string,
  refresh: () => Promise<void>,
  run: (work: () => Promise<StepOutcome<DnsView>>) => Promise<void>,
): TemplateViews {
  const { data } = useApi(dnsTemplatesKey);
  const [preview, setPreview] = useState<DnsTemplatePreview | null>(null);
  const [removeConflicts, setRemoveConflicts] = useState(false);
  const [applied, setApplied] = useState<Applied | null>(null);

  async function choose(template: DnsTemplateSummary): Promise<StepOutcome<DnsView>> {
    const answer = await apiClient.POST('/dnsTemplates/{id}/preview', { params: { path: { id: template.id } }, body: { domainId }, toast: false });
    if (isFailure(answer)) return answer;
    setPreview(answer);
    setRemoveConflicts(false);
    return 'previewTemplate';
  }

  const missing = preview?.records.filter((r) => !r.present).length ?? 0;
  const stops = preview?.stops ?? [];
  return {
    templates: {
      title: 'Set Up a Provider',
      body: (
        <div className="dns-modal">
          <p className="muted small">Add the records a mail provider needs to {zone} in one step. You will see them, and anything they replace, first.</p>
          <ul className="dns-template-list">
            {(data?.data ?? []).map((template) => (
              <li key={template.id}>
                <button type="button" className="dns-template" onClick={() => void run(() => choose(template))}>
                  <span className="dns-template-name">{template.name}</span>
                  <span className="dns-template-text">{template.description}</span>
                  <span className="dns-template-count">{template.recordCount === 1 ? '1 record' : `${template.recordCount} records`}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ),
      back: true,
    },
    previewTemplate: {
      title: preview ? `Set Up ${preview.template.name}` : 'Set Up a Provider',
      body: preview && (
        <div className="dns-preview">
          <p className="muted small">
            {preview.template.description}{' '}
            <a href={preview.template.docs} target="_blank" rel="noreferrer">
              {preview.template.name}’s instructions
            </a>
          </p>
          <section aria-label="Records of the template" className="dns-preview-group is-added">
            <h3>Records to add</h3>
            <ul>
              {preview.records.map((record, i) => (
                <li key={i}>
                  <RecordLine record={record} />
                  {record.present && <span className="badge">Already there</span>}
                </li>
              ))}
            </ul>
          </section>
          {preview.conflicts.length > 0 && (
            <section aria-label="Records in the way" className="dns-preview-group is-removed">
              <h3>Records in the way</h3>
              <ul>
                {preview.conflicts.map((record) => (
                  <li key={record.dnsRecordId}>
                    <RecordLine record={record} />
                    <span className="dns-reason">{record.reason}</span>
                  </li>
                ))}
              </ul>
              <label className="dns-consent">
                <input type="checkbox" checked={removeConflicts} onChange={(event) => setRemoveConflicts(event.target.checked)} />
                <span>
                  Remove {preview.conflicts.length === 1 ? 'this record' : `these ${preview.conflicts.length} records`} (mail stops going to the old provider).
                  Left unticked, they stay.
                </span>
              </label>
            </section>
          )}
          {stops.length > 0 && missing > 0 && <WhatStops intro={<>Adding these records to {zone} changes what it does today:</>} losses={stops} />}
        </div>
      ),
      back: true,
      actions: [
        {
          label: missing === 0 && !removeConflicts ? 'Nothing to Add' : stops.length > 0 && missing > 0 ? 'Apply Anyway' : 'Apply Template',
          variant: stops.length > 0 && missing > 0 ? 'danger' : undefined,
          disabled: !preview || (missing === 0 && !removeConflicts),
          run: async () => {
            if (!preview) return 'templates' as const;
            const answer = await apiClient.POST('/dnsTemplates/{id}/apply', {
              params: { path: { id: preview.template.id } },
              body: { domainId, removeConflicts },
              toast: false,
            });
            if (isFailure(answer)) return answer;
            setApplied(answer);
            await refresh();
            return 'finishTemplate' as const;
          },
        },
      ],
    },
    finishTemplate: {
      title: preview ? `${preview.template.name} Is Set Up` : 'Template Applied',
      body: applied && (
        <div className="dns-preview">
          <p>
            {applied.added.length === 1 ? '1 record' : `${applied.added.length} records`} added
            {applied.removed.length > 0 ? `, ${applied.removed.length} removed` : ''}. DNS changes reach other networks within 4 to 6 hours.
          </p>
          {applied.leftOut.length > 0 && (
            <section aria-label="Left out" className="dns-preview-group is-refused">
              <h3>Left out</h3>
              <ul>
                {applied.leftOut.map(({ record, reason }, i) => (
                  <li key={i}>
                    <RecordLine record={record} />
                    <span className="dns-reason">{reason}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      ),
      actions: [{ label: 'Done', go: 'manageDnsRecords' }],
    },
  };
}
