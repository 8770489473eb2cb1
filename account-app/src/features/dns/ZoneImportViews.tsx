/**
 * Import a BIND zone file (paste or upload): importZone takes the text and the mode, previewImport shows what will be
 * added, changed, removed and refused (with the line and why) before anything changes, finishImport says what did.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { Field } from '@kit/Field.tsx';
import type { StepViews } from '@kit/SteppedModal.tsx';
import { type ChangeEvent, useState } from 'react';
import { type ZoneImportMode, type ZoneImportPreview, type ZoneImportResult, maxZoneFileBytes } from '../../../../api/contract/dns/zone-import.ts';
import type { DnsView } from './dns-views.ts';
import { RecordLine } from './RecordText.tsx';
import { WhatStops } from './WhatStops.tsx';

type ImportViews = Pick<StepViews<DnsView>, 'importZone' | 'previewImport' | 'finishImport'>;

function count(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

export function ImportPreviewBody({ preview }: { preview: ZoneImportPreview }) {
  const changes = preview.added.length + preview.changed.length + preview.removed.length;
  return (
    <div className="dns-preview">
      <p className="dns-preview-summary">
        {changes === 0
          ? 'Nothing to change: the zone already matches this file.'
          : `${count(preview.added.length, 'record')} to add, ${preview.changed.length} to change, ${preview.removed.length} to remove.`}{' '}
        {preview.unchanged > 0 && `${count(preview.unchanged, 'record')} already as in the file.`}
      </p>
      {preview.stops && preview.stops.length > 0 && <WhatStops intro="Importing these records changes what the domain does today:" losses={preview.stops} />}
      {preview.added.length > 0 && (
        <section aria-label="To add" className="dns-preview-group is-added">
          <h3>Will be added</h3>
          <ul>
            {preview.added.map((record, i) => (
              <li key={i}>
                <RecordLine record={record} line={record.line} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.changed.length > 0 && (
        <section aria-label="To change" className="dns-preview-group is-changed">
          <h3>Will be changed</h3>
          <ul>
            {preview.changed.map(({ before, after }, i) => (
              <li key={i}>
                <span className="dns-before">
                  <RecordLine record={before} />
                </span>
                <span className="dns-arrow" aria-hidden="true">
                  →
                </span>
                <span className="visually-hidden"> becomes </span>
                <RecordLine record={after} line={after.line} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.removed.length > 0 && (
        <section aria-label="To remove" className="dns-preview-group is-removed">
          <h3>Will be removed</h3>
          <ul>
            {preview.removed.map((record, i) => (
              <li key={i}>
                <RecordLine record={record} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.refused.length > 0 && (
        <section aria-label="Not imported" className="dns-preview-group is-refused">
          <h3>Will not be imported</h3>
          <ul>
            {preview.refused.map((problem, i) => (
              <li key={i}>
                <span className="dns-line-no">Line {problem.line}</span> <code className="dns-source">{problem.text}</code>
                <span className="dns-reason">{problem.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.skipped.length > 0 && (
        <details className="dns-preview-skipped">
          <summary>{count(preview.skipped.length, 'line')} left out on purpose</summary>
          <ul>
            {preview.skipped.map((problem, i) => (
              <li key={i}>
                <span className="dns-line-no">Line {problem.line}</span> {problem.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

export function useImportViews(domainId: number, zone: string, refresh: () => Promise<void>): ImportViews {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<ZoneImportMode>('merge');
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ZoneImportPreview | null>(null);
  const [result, setResult] = useState<ZoneImportResult | null>(null);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > maxZoneFileBytes) {
      setFileError('A zone file can be at most 256 KB');
      return;
    }
    setText(await file.text());
  }

  return {
    importZone: {
      title: 'Import a Zone File',
      body: (
        <div className="dns-modal">
          <p className="muted small">
            Paste a zone file in BIND format, or upload one, for <strong>{zone}</strong>. You will see every change before anything happens.
          </p>
          <Field label="Zone file" hint="$ORIGIN and $TTL are read; our SOA and nameservers are left as they are" error={null}>
            {(control) => (
              <textarea
                className="input dns-zone-text"
                rows={10}
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={'@    3600 IN A     203.0.113.10\nwww  3600 IN CNAME @\n@    3600 IN MX    10 mail.example.net.'}
                spellCheck={false}
                {...control}
              />
            )}
          </Field>
          <Field label="Or upload a file" error={fileError}>
            {(control) => <input type="file" accept=".zone,.txt,.db,text/plain,text/dns" onChange={readFile} className="dns-file" {...control} />}
          </Field>
          <fieldset className="dns-mode">
            <legend>Records not in the file</legend>
            <label>
              <input type="radio" name="import-mode" checked={mode === 'merge'} onChange={() => setMode('merge')} />
              <span>
                <strong>Keep them.</strong> The file replaces only the names and types it lists.
              </span>
            </label>
            <label>
              <input type="radio" name="import-mode" checked={mode === 'replace'} onChange={() => setMode('replace')} />
              <span>
                <strong>Remove them.</strong> The zone becomes exactly the file.
              </span>
            </label>
          </fieldset>
        </div>
      ),
      back: true,
      actions: [
        {
          label: 'Preview Import',
          run: async () => {
            const answer = await apiClient.POST('/dnsZoneFiles/preview', { body: { domainId, text, mode }, toast: false });
            if (isFailure(answer)) return answer;
            setPreview(answer);
            return 'previewImport' as const;
          },
        },
      ],
    },
    previewImport: {
      title: 'Review the Import',
      body: preview ? <ImportPreviewBody preview={preview} /> : null,
      back: true,
      actions: [
        {
          label: preview?.stops?.length ? 'Import Anyway' : 'Import Changes',
          variant: preview?.stops?.length ? 'danger' : undefined,
          disabled: !preview || preview.added.length + preview.changed.length + preview.removed.length === 0,
          run: async () => {
            const answer = await apiClient.POST('/dnsZoneFiles', { body: { domainId, text, mode }, toast: false });
            if (isFailure(answer)) return answer;
            setResult(answer);
            setText('');
            await refresh();
            return 'finishImport' as const;
          },
        },
      ],
    },
    finishImport: {
      title: 'Zone File Imported',
      body: result && (
        <p>
          {count(result.added.length, 'record')} added, {result.changed.length} changed and {result.removed.length} removed. The import is in the zone's
          history, where you can restore the version before it.
        </p>
      ),
      actions: [{ label: 'Done', go: 'manageDnsRecords' }],
    },
  };
}
