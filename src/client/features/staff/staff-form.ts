// The staff form's values (strings, as the inputs hold them) and the request body they stand for, which the
// shared schema checks in the form (lib/forms), so the browser refuses exactly what the server would
// (phone 1[3-9]..., a role, lengths).
import type { StaffView } from '../../../shared/staff/schema.ts';

export interface StaffFormValues {
  name: string;
  phone: string;
  role: string;
  certificate_no: string;
  /** '' for none. */
  organization_id: string;
  enabled: boolean;
}

export const emptyStaffForm = (): StaffFormValues => ({
  name: '',
  phone: '',
  role: '',
  certificate_no: '',
  organization_id: '',
  enabled: true,
});

export const staffFormFrom = (staff: StaffView): StaffFormValues => ({
  name: staff.name,
  phone: staff.phone,
  role: staff.role,
  certificate_no: staff.certificate_no,
  organization_id: staff.organization_id ? String(staff.organization_id) : '',
  enabled: staff.enabled,
});

/** The request body the values stand for, before the schema's check (no role and no organisation unset). */
export const staffRequest = (values: StaffFormValues) => ({
  ...values,
  role: values.role || undefined,
  organization_id: values.organization_id ? Number(values.organization_id) : null,
});
