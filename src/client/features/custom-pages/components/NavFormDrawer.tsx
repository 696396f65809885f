// Add or edit a navigation item: its label and either a custom page or an external link (spec §5: http,
// https, mailto, tel), and whether it shows. The shared schema checks the values before sending.
import { Select, Switch, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { navItemInputSchema, type NavItemInput } from '../../../../shared/custom-pages/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchCustomPages, saveNavItem, type NavItemView } from '../api.ts';

export type NavTarget = 'page' | 'link';

interface NavFormValues {
  title: string;
  custom_page_id: string;
  url: string;
  visible: boolean;
}

export interface NavFormDrawerProps {
  /** null: closed; a target: a new item of that type; else the item being edited. */
  item: NavItemView | NavTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

export function NavFormDrawer({ item, onClose, onSaved }: NavFormDrawerProps) {
  const t = useT();
  const editing = item !== null && typeof item === 'object' ? item : null;
  const target: NavTarget | null =
    item === null ? null : editing ? (editing.external ? 'link' : 'page') : (item as NavTarget);
  const pages = useRead(
    target === 'page'
      ? { key: 'custom-page-options', fetch: () => fetchCustomPages({ page: 1, limit: 100 }) }
      : null,
  );
  const { form, submitting, handleSubmit } = useSchemaForm<NavFormValues, typeof navItemInputSchema>({
    mode: 'controlled',
    initialValues: { title: '', custom_page_id: '', url: '', visible: true },
    schema: navItemInputSchema,
    toInput: (values): NavItemInput =>
      target === 'page'
        ? {
            title: values.title,
            custom_page_id: values.custom_page_id ? Number(values.custom_page_id) : null,
            visible: values.visible,
          }
        : { title: values.title, url: values.url, visible: values.visible },
  });

  useEffect(() => {
    if (!item) return;
    const values: NavFormValues = editing
      ? {
          title: editing.title,
          custom_page_id: editing.custom_page_id ? String(editing.custom_page_id) : '',
          url: editing.url ?? '',
          visible: editing.visible,
        }
      : { title: '', custom_page_id: '', url: '', visible: true };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another item (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item]);

  const submit = handleSubmit(async (_values, input) => {
    await saveNavItem(editing ? editing.id : null, input);
    toastSuccess(t('customPageManage.nav.saved'));
    onSaved();
  });

  const options = (pages.data?.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.title}（/pages/${p.slug}）`,
  }));

  return (
    <FormDrawer
      variant="modal"
      opened={item !== null}
      onClose={onClose}
      title={
        editing
          ? t('customPageManage.nav.edit')
          : target === 'page'
            ? t('customPageManage.nav.addPage')
            : t('customPageManage.nav.addLink')
      }
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitTestId="nav-save"
      data-testid="nav-form"
    >
      {target === 'page' ? (
        <Select
          label={t('customPageManage.nav.page')}
          required
          searchable
          data={options}
          {...form.getInputProps('custom_page_id')}
          value={form.values.custom_page_id || null}
          onChange={(value) => {
            form.setFieldValue('custom_page_id', value ?? '');
            const chosen = pages.data?.data.find((p) => String(p.id) === value);
            if (chosen && !form.values.title) form.setFieldValue('title', chosen.title.slice(0, 40));
          }}
          data-testid="nav-page"
        />
      ) : (
        <TextInput
          label={t('customPageManage.nav.url')}
          description={t('customPageManage.nav.urlHint')}
          required
          placeholder="https://"
          {...form.getInputProps('url')}
          data-testid="nav-url"
        />
      )}
      <TextInput
        label={t('customPageManage.nav.name')}
        required
        maxLength={40}
        {...form.getInputProps('title')}
        data-testid="nav-title"
      />
      <Switch
        label={t('customPageManage.nav.visible')}
        {...form.getInputProps('visible', { type: 'checkbox' })}
        data-testid="nav-visible"
      />
    </FormDrawer>
  );
}
