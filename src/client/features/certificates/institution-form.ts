// The appraisal institution form's values: text fields as typed, and their way to the request body the
// shared schema checks (the form pattern checks it before sending; the server's 422 lands on the same
// fields). The province Select lists GB/T 2260 provinces by name with their 2-digit code (the code is what
// goes into certificate numbers).
import type { Region } from '../../../shared/lookups/schema.ts';
import type { AppraisalInstitution } from './api.ts';

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

/** The request body the values stand for, before the schema's check: no college is null. */
export const institutionRequest = (values: InstitutionFormValues) => ({
  ...values,
  organization_id: values.organization_id === '' ? null : values.organization_id,
});

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

/**
 * College options; the institution's own college stays selectable (by its stored name) while the list is
 * loading or when the administrator's scope does not list it.
 */
export function collegeOptions(
  colleges: readonly { id: number; name: string }[],
  current: string,
  currentName: string | null,
): { value: string; label: string }[] {
  const options = colleges.map((c) => ({ value: String(c.id), label: c.name }));
  if (current && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: currentName || current });
  return options;
}
