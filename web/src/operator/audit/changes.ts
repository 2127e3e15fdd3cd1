// The before/after of an audit entry as a short list of what changed: a field added, taken
// away or changed, with values as compact JSON. Unchanged fields are left out.

export interface FieldChange {
  field: string;
  kind: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
}

type Obj = Record<string, unknown> | null | undefined;

const MAX_VALUE = 160;

export function compactJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

export function fieldChanges(before: Obj, after: Obj): FieldChange[] {
  const b = before ?? {};
  const a = after ?? {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  const out: FieldChange[] = [];
  for (const field of fields) {
    const inBefore = Object.hasOwn(b, field);
    const inAfter = Object.hasOwn(a, field);
    if (inBefore && inAfter) {
      if (JSON.stringify(b[field]) === JSON.stringify(a[field])) continue;
      out.push({ field, kind: 'changed', before: compactJson(b[field]), after: compactJson(a[field]) });
    } else if (inAfter) {
      out.push({ field, kind: 'added', after: compactJson(a[field]) });
    } else {
      out.push({ field, kind: 'removed', before: compactJson(b[field]) });
    }
  }
  return out;
}
