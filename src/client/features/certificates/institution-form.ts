// The appraisal institution form: text fields as typed, checked with the shared schema before sending; the
// server's 422 answer lands on the same fields. The province Select lists GB/T 2260 provinces by name with
// their 2-digit code (the code is what goes into certificate numbers).
import type { Region } from '../../../shared/lookups/schema.ts';
import { institutionInputSchema } from '../../../shared/certificates/schema.ts';
import { issueFieldErrors, type FieldErrors } from '../../lib/utils/field-errors.ts';
import type { AppraisalInstitution, InstitutionInput } from './api.ts';

export interface InstitutionFormValues {
  name: string;
  code: string;
  province_code: string;
  site_code: string;
  address: string;
  contact: string;
  phone: string;
  /** A college id as the Select's string value, '' for none. */
  organization_id: string;
  enabled: boolean;
}

/** Field -> the first message to show under it. */
export type InstitutionFormErrors = FieldErrors;

export const EMPTY_INSTITUTION_FORM: InstitutionFormValues = {
  name: '',
  code: '',
  province_code: '',
  site_code: '',
  address: '',
  contact: '',
  phone: '',
  organization_id: '',
  enabled: true,
};

export function institutionFormValues(row: AppraisalInstitution): InstitutionFormValues {
  return {
    name: row.name,
    code: row.code,
    province_code: row.province_code,
    site_code: row.site_code,
    address: row.address,
    contact: row.contact,
    phone: row.phone,
    organization_id: row.organization_id === null ? '' : String(row.organization_id),
    enabled: row.enabled,
  };
}

export type InstitutionFormResult =
  { ok: true; input: InstitutionInput } | { ok: false; errors: InstitutionFormErrors };

/** Checks the form with the server's own schema; the first message per field on failure. */
export function parseInstitutionForm(values: InstitutionFormValues): InstitutionFormResult {
  const parsed = institutionInputSchema.safeParse({
    ...values,
    organization_id: values.organization_id === '' ? null : values.organization_id,
  });
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, errors: issueFieldErrors(parsed.error.issues) };
}

/** Province options '江苏省 (32)'; a stored code the list does not know (or an offline form) stays selectable. */
export function provinceOptions(
  provinces: readonly Region[],
  current: string,
): { value: string; label: string }[] {
  const options = provinces.map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }));
  if (current && !provinces.some((p) => p.code === current))
    options.unshift({ value: current, label: current });
  return options;
}
