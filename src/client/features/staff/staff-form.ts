// The staff form's values (strings, as the inputs hold them) and their way to the API body through the
// shared schema, so the browser refuses exactly what the server would (phone 1[3-9]..., a role, lengths).
import type { StaffView } from '../../../shared/staff/schema.ts';
import { staffInputSchema } from '../../../shared/staff/schema.ts';
import { schemaErrors } from '../../lib/forms/form-errors.ts';
import type { StaffInput } from './api.ts';

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

/** The body to send, or the field messages when the shared schema refuses the values. */
export function toStaffInput(
  values: StaffFormValues,
): { ok: true; input: StaffInput } | { ok: false; errors: Record<string, string> } {
  const parsed = staffInputSchema.safeParse(staffRequest(values));
  if (!parsed.success) {
    const errors = schemaErrors(staffInputSchema, values, { toInput: staffRequest });
    return {
      ok: false,
      errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, String(message)])),
    };
  }
  return { ok: true, input: parsed.data };
}
