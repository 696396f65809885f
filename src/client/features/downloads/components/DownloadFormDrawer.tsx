// Add or edit a file for download: name, description, category, public or not; a new one comes with its
// file (uploaded with a progress bar, checked by content on the server), which becomes version 1. A new
// file for an existing one is a new version (VersionsDrawer).
import { Select, Switch, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { downloadCreateSchema } from '../../../../shared/downloads/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { UploadField, type UploadedFile } from '../../../lib/uploads/UploadField.tsx';
import { createDownload, updateDownload, type DownloadCategory, type DownloadView } from '../api.ts';

interface DownloadFormValues {
  title: string;
  description: string;
  category_id: string;
  published: boolean;
  upload_id: string;
  note: string;
}

const EMPTY: DownloadFormValues = {
  title: '',
  description: '',
  category_id: '',
  published: true,
  upload_id: '',
  note: '',
};

export interface DownloadFormDrawerProps {
  /** null: closed; 'new': a new file. */
  download: DownloadView | 'new' | null;
  categories: DownloadCategory[];
  onClose: () => void;
  onSaved: () => void;
}

export function DownloadFormDrawer({ download, categories, onClose, onSaved }: DownloadFormDrawerProps) {
  const t = useT();
  const editing = download !== null && download !== 'new' ? download : null;
  const { form, submitting, handleSubmit } = useSchemaForm<DownloadFormValues, typeof downloadCreateSchema>({
    mode: 'controlled',
    initialValues: EMPTY,
    schema: downloadCreateSchema,
    toInput: (values) => ({
      title: values.title,
      description: values.description,
      category_id: values.category_id ? Number(values.category_id) : null,
      published: values.published,
      // An edit sends no file: a stand-in passes the check and is left out of the request.
      upload_id: editing ? editing.upload_id : values.upload_id,
      note: values.note,
    }),
  });
  const [file, setFile] = useState<UploadedFile | null>(null);

  useEffect(() => {
    if (!download) return;
    const values: DownloadFormValues = editing
      ? {
          title: editing.title,
          description: editing.description,
          category_id: editing.category ? String(editing.category.id) : '',
          published: editing.published,
          upload_id: editing.upload_id,
          note: '',
        }
      : EMPTY;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setFile(null);
    // Only another file (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [download]);

  const submit = handleSubmit(async (_values, input) => {
    if (editing) {
      const { upload_id: _file, note: _note, ...details } = input;
      await updateDownload(editing.id, details);
    } else {
      await createDownload(input);
    }
    toastSuccess(t('downloads.saved'));
    onSaved();
  });

  const options = categories.map((c) => ({ value: String(c.id), label: c.name }));
  const fileError = form.errors.upload_id;

  return (
    <FormDrawer
      size="lg"
      opened={download !== null}
      onClose={onClose}
      title={editing ? t('downloads.edit') : t('downloads.add')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitTestId="download-save"
      data-testid="download-form"
    >
      {!editing && (
        <UploadField
          kind="content_file"
          apiType="administrators"
          label={t('downloads.file')}
          hint={t('downloads.fileHint')}
          required
          value={file}
          error={typeof fileError === 'string' ? fileError : null}
          onUploaded={(upload) => {
            setFile({ url: upload.url, mime: upload.mime, name: upload.original_name, size: upload.size });
            form.setFieldValue('upload_id', upload.id);
            if (!form.values.title)
              form.setFieldValue('title', upload.original_name.replace(/\.[^.]+$/, '').slice(0, 120));
          }}
          testId="download-file"
        />
      )}
      <TextInput
        label={t('downloads.name')}
        required
        {...form.getInputProps('title')}
        data-testid="download-title"
      />
      <Textarea
        label={t('downloads.description')}
        autosize
        minRows={2}
        maxLength={300}
        {...form.getInputProps('description')}
        data-testid="download-description"
      />
      <Select
        label={t('downloads.category')}
        clearable
        data={options}
        {...form.getInputProps('category_id')}
        value={form.values.category_id || null}
        onChange={(value) => form.setFieldValue('category_id', value ?? '')}
        placeholder={t('downloads.noCategory')}
        data-testid="download-category"
      />
      {!editing && (
        <TextInput
          label={t('downloads.note')}
          maxLength={200}
          {...form.getInputProps('note')}
          data-testid="download-note"
        />
      )}
      <Switch
        label={t('downloads.published')}
        {...form.getInputProps('published', { type: 'checkbox' })}
        data-testid="download-published"
      />
    </FormDrawer>
  );
}
