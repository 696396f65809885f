// Moves a department under another node: the choice lists only the nodes it may go under (never itself or
// one of its own descendants); the server checks the same and answers 422 otherwise.
import { Select, Text } from '@mantine/core';
import { useEffect } from 'react';
import { organizationMoveSchema } from '../../../../shared/organizations/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { moveNode, type OrganizationNode } from '../api.ts';
import { validParents } from '../tree.ts';

export interface MoveNodeDialogProps {
  tree: readonly OrganizationNode[];
  node: OrganizationNode | null;
  onClose: () => void;
  onMoved: () => void;
}

export function MoveNodeDialog({ tree, node, onClose, onMoved }: MoveNodeDialogProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: { parent_id: '' },
    schema: organizationMoveSchema,
    toInput: (values: { parent_id: string }) => ({
      parent_id: values.parent_id ? Number(values.parent_id) : '',
    }),
  });
  useEffect(() => {
    if (!node) return;
    form.setValues({ parent_id: '' });
    form.resetDirty({ parent_id: '' });
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [node]);
  const parents = node ? validParents(tree, node) : [];
  const submit = handleSubmit(async (_values, input) => {
    if (!node) return;
    await moveNode(node.id, input);
    toastSuccess(t('organizations.moved'));
    onMoved();
  });
  return (
    <FormDrawer
      variant="modal"
      opened={node !== null}
      onClose={onClose}
      title={node ? t('organizations.moveTitle', { name: node.name }) : ''}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitDisabled={parents.length === 0}
      submitLabel={t('organizations.move')}
      submitTestId="org-move-save"
    >
      {parents.length === 0 ? (
        <Text c="dimmed">
          {node?.kind === 'college' ? t('organizations.collegeStays') : t('organizations.noParents')}
        </Text>
      ) : (
        <Select
          label={t('organizations.newParent')}
          required
          searchable
          data={parents.map(({ node: option, depth }) => ({
            value: String(option.id),
            label: `${'\u3000'.repeat(depth)}${option.name}`,
          }))}
          {...form.getInputProps('parent_id')}
          value={form.values.parent_id || null}
          onChange={(value) => form.setFieldValue('parent_id', value ?? '')}
          data-testid="org-move-parent"
        />
      )}
    </FormDrawer>
  );
}
