// A log row's detail as table rows: a before → after summary becomes one row per changed field with both
// values; any other key of the detail (a name, a reason, the counts of a batch) one row with its value.

export interface DetailRows {
  changes: { field: string; before: string; after: string }[];
  values: { field: string; value: string }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as one line: text as it is, none as '—', anything else as its JSON. */
export function detailText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function detailRows(detail: Record<string, unknown>): DetailRows {
  const { before, after, ...rest } = detail;
  const summarised = isRecord(before) || isRecord(after);
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return {
    changes: fields.map((field) => ({
      field,
      before: detailText(was[field]),
      after: detailText(now[field]),
    })),
    values: Object.entries(summarised ? rest : detail).map(([field, value]) => ({
      field,
      value: detailText(value),
    })),
  };
}
