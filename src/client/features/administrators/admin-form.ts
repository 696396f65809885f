// The account form's values (strings, as the inputs hold them) and the request body they stand for, which
// the shared schema checks in the form, so the browser refuses what the server would (a college
// administrator without an organisation, a bad phone, lengths).
import type { AdministratorView } from '../../../shared/administrators/schema.ts';

export interface AdministratorFormValues {
  username: string;
  real_name: string;
  phone: string;
  administrator_type: string;
  /** '' for none. */
  organization_id: string;
  /** '' for the type's built-in role. */
  role_id: string;
}

export const emptyAdministratorForm = (): AdministratorFormValues => ({
  username: '',
  real_name: '',
  phone: '',
  administrator_type: '',
  organization_id: '',
  role_id: '',
});

export const administratorFormFrom = (account: AdministratorView): AdministratorFormValues => ({
  username: account.username,
  real_name: account.real_name,
  phone: account.phone ?? '',
  administrator_type: account.administrator_type,
  organization_id: account.organization_id ? String(account.organization_id) : '',
  role_id: account.role_id ? String(account.role_id) : '',
});

/** The body the values stand for (the username only when creating). */
export const administratorRequest = (values: AdministratorFormValues) => ({
  username: values.username,
  real_name: values.real_name,
  phone: values.phone,
  administrator_type: values.administrator_type || undefined,
  organization_id: values.organization_id ? Number(values.organization_id) : null,
  role_id: values.role_id ? Number(values.role_id) : null,
});
