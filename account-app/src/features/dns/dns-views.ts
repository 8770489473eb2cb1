/** The views of the Manage DNS Records modal: the spec's four, and those of the tools beside them. */
export type DnsView =
  | 'manageDnsRecords'
  | 'confirmEdit'
  | 'finishEdit'
  | 'confirmDelete'
  | 'finishDelete'
  | 'confirmBulkDelete'
  | 'finishBulkDelete'
  | 'importZone'
  | 'previewImport'
  | 'finishImport'
  | 'templates'
  | 'previewTemplate'
  | 'finishTemplate'
  | 'history'
  | 'historyDiff'
  | 'confirmRestore'
  | 'finishRestore';
