// Create or edit a custom page: title, address (slug), rich content (sanitised by the server when saved),
// SEO description and whether it is published. The shared schema checks the values before sending; the
// server's 422 messages (a taken address) land on the same fields.
import { Switch, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { customPageInputSchema, type CustomPageInput } from '../../../../shared/custom-pages/schema.ts';
import { RichTextField } from '../../../lib/components/RichTextField.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchCustomPage, saveCustomPage, type CustomPageRow } from '../api.ts';

interface PageFormValues {
  title: string;
  slug: string;
  body: string;
  description: string;
  published: boolean;
}

const EMPTY: PageFormValues = { title: '', slug: '', body: '', description: '', published: true };

export interface PageFormDrawerProps {
  /** null: closed; 'new': a new page. */
  page: CustomPageRow | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

export function PageFormDrawer({ page, onClose, onSaved }: PageFormDrawerProps) {
  const t = useT();
  const editing = page !== null && page !== 'new' ? page : null;
  // The editor is mounted once the body is at hand (it takes its content when created).
  const [ready, setReady] = useState(false);
  const { form, submitting, handleSubmit } = useSchemaForm<PageFormValues, typeof customPageInputSchema>({
    mode: 'controlled',
    initialValues: EMPTY,
    schema: customPageInputSchema,
    toInput: (values): CustomPageInput => ({ ...values, slug: values.slug.trim() }),
  });

  useEffect(() => {
    if (!page) return;
    let live = true;
    const show = (values: PageFormValues) => {
      if (!live) return;
      form.setValues(values);
      form.resetDirty(values);
      form.clearErrors();
      setReady(true);
    };
    setReady(false);
    if (page === 'new') show(EMPTY);
    else
      void fetchCustomPage(page.id).then((full) =>
        show({
          title: full.title,
          slug: full.slug,
          body: full.body,
          description: full.description,
          published: full.published,
        }),
      );
    return () => {
      live = false;
    };
    // Only another page (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);

  const submit = handleSubmit(async (_values, input) => {
    await saveCustomPage(editing ? editing.id : null, input);
    toastSuccess(t('customPageManage.page.saved'));
    onSaved();
  });

  return (
    <FormDrawer
      size="xl"
      opened={page !== null}
      onClose={onClose}
      title={editing ? t('customPageManage.page.edit') : t('customPageManage.page.add')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitDisabled={!ready}
      submitTestId="custom-page-save"
      data-testid="custom-page-form"
    >
      <TextInput
        label={t('customPageManage.page.title')}
        required
        {...form.getInputProps('title')}
        data-testid="custom-page-title-input"
      />
      <TextInput
        label={t('customPageManage.page.slug')}
        description={t('customPageManage.page.slugHint')}
        required
        leftSection="/pages/"
        leftSectionWidth={64}
        {...form.getInputProps('slug')}
        data-testid="custom-page-slug"
      />
      {ready && (
        <RichTextField
          label={t('customPageManage.page.body')}
          imageLabel={t('customPageManage.page.addImage')}
          value={form.values.body}
          onChange={(html) => form.setFieldValue('body', html)}
          error={typeof form.errors.body === 'string' ? form.errors.body : null}
          data-testid="custom-page-body-input"
        />
      )}
      <Textarea
        label={t('customPageManage.page.description')}
        description={t('customPageManage.page.descriptionHint')}
        autosize
        minRows={2}
        maxLength={300}
        {...form.getInputProps('description')}
        data-testid="custom-page-description"
      />
      <Switch
        label={t('customPageManage.page.published')}
        {...form.getInputProps('published', { type: 'checkbox' })}
        data-testid="custom-page-published"
      />
    </FormDrawer>
  );
}
