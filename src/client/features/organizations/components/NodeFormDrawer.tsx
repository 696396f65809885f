// Create or edit one organisation: name, code and order. A new node's kind and parent come from where it
// is added (a college at the top, a department under the node chosen). The shared schema checks the values
// before sending; the server's 422 messages (a taken code) land on the same fields.
import { NumberInput, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import {
  organizationCreateSchema,
  organizationUpdateSchema,
  type OrganizationCreateInput,
} from '../../../../shared/organizations/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { createNode, updateNode, type OrganizationNode } from '../api.ts';

/** What the drawer holds: a new node under `parent` (null: a college), or a node being edited. */
export type NodeEditing =
  { mode: 'create'; parent: OrganizationNode | null } | { mode: 'edit'; node: OrganizationNode };

interface NodeFormValues {
  name: string;
  code: string;
  sort: number | string;
}

const emptyValues = (): NodeFormValues => ({ name: '', code: '', sort: 0 });

export interface NodeFormDrawerProps {
  editing: NodeEditing | null;
  onClose: () => void;
  onSaved: () => void;
}

export function NodeFormDrawer({ editing, onClose, onSaved }: NodeFormDrawerProps) {
  const t = useT();
  const creating = editing?.mode === 'create';
  const parent = editing?.mode === 'create' ? editing.parent : null;
  const createInput = (values: NodeFormValues): OrganizationCreateInput => ({
    ...values,
    parent_id: parent?.id ?? null,
    kind: parent ? 'department' : 'college',
  });
  const createForm = useSchemaForm({
    mode: 'controlled',
    initialValues: emptyValues(),
    schema: organizationCreateSchema,
    toInput: createInput,
  });
  const editForm = useSchemaForm({
    mode: 'controlled',
    initialValues: emptyValues(),
    schema: organizationUpdateSchema,
  });
  const { form, submitting } = creating ? createForm : editForm;

  useEffect(() => {
    if (!editing) return;
    const values =
      editing.mode === 'edit'
        ? { name: editing.node.name, code: editing.node.code, sort: editing.node.sort }
        : emptyValues();
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // The form object is new on every render; only another node (or a new one) resets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const submitCreate = createForm.handleSubmit(async (_values, input) => {
    await createNode(input);
    toastSuccess(t('organizations.saved'));
    onSaved();
  });
  const submitEdit = editForm.handleSubmit(async (_values, input) => {
    if (editing?.mode !== 'edit') return;
    await updateNode(editing.node.id, input);
    toastSuccess(t('organizations.saved'));
    onSaved();
  });

  const title = !editing
    ? ''
    : editing.mode === 'edit'
      ? t('organizations.edit')
      : editing.parent
        ? t('organizations.addChildTitle', { name: editing.parent.name })
        : t('organizations.addCollege');

  return (
    <FormDrawer
      opened={editing !== null}
      onClose={onClose}
      title={title}
      form={form}
      onSubmit={() => (creating ? submitCreate() : submitEdit())}
      saving={submitting}
      submitLabel={t('organizations.save')}
      submitTestId="org-form-save"
    >
      <TextInput
        label={t('organizations.name')}
        required
        maxLength={100}
        {...form.getInputProps('name')}
        data-testid="org-form-name"
      />
      <TextInput
        label={t('organizations.code')}
        required
        maxLength={32}
        {...form.getInputProps('code')}
        data-testid="org-form-code"
      />
      <NumberInput
        label={t('organizations.sort')}
        min={0}
        max={9999}
        allowDecimal={false}
        {...form.getInputProps('sort')}
        data-testid="org-form-sort"
      />
    </FormDrawer>
  );
}
