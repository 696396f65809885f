// Create or edit a news item, notice or job: title, category (the kind's own), summary, cover, the body in
// the article editor (headings, lists, links, tables, images uploaded as content images), attachments and,
// for a job, employer, occupation + certificate level, place, salary range, deadline and contact. The shared
// schema checks the values before sending; the server's 422 messages land on the same fields.
import { Divider, Group, NumberInput, Select, Text, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useEffect } from 'react';
import {
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  SALARY_MAX,
  articleInputSchema,
} from '../../../../shared/articles/schema.ts';
import type { OccupationOption } from '../../../../shared/plans/schema.ts';
import { OccupationLevelSelect } from '../../../lib/components/OccupationLevelSelect.tsx';
import { RichTextField } from '../../../lib/components/RichTextField.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { UploadField } from '../../../lib/uploads/UploadField.tsx';
import { saveArticle, type ArticleDetail, type ArticleKind, type ContentCategoryView } from '../api.ts';
import {
  articleFormFrom,
  articleRequest,
  emptyArticleForm,
  type ArticleFormValues,
} from '../article-form.ts';
import { AttachmentsField } from './AttachmentsField.tsx';

export interface ArticleFormDrawerProps {
  kind: ArticleKind;
  /** null: closed; 'new': a new article; else the article being edited. */
  article: ArticleDetail | 'new' | null;
  categories: ContentCategoryView[];
  occupations: Pick<OccupationOption, 'id' | 'name' | 'levels'>[];
  onClose: () => void;
  onSaved: (saved: ArticleDetail) => void;
}

export function ArticleFormDrawer({
  kind,
  article,
  categories,
  occupations,
  onClose,
  onSaved,
}: ArticleFormDrawerProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<ArticleFormValues, typeof articleInputSchema>({
    mode: 'controlled',
    initialValues: emptyArticleForm(kind),
    schema: articleInputSchema,
    toInput: articleRequest,
    fields: { cover_upload_id: 'cover' },
  });

  useEffect(() => {
    if (!article) return;
    const values = article === 'new' ? emptyArticleForm(kind) : articleFormFrom(article);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another article (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [article]);

  const submit = handleSubmit(async (_values, input) => {
    const saved = await saveArticle(article && article !== 'new' ? article.id : null, input);
    toastSuccess(t('articles.form.saved'));
    onSaved(saved);
  });
  const error = (path: string) => {
    const message = form.errors[path];
    return typeof message === 'string' ? message : null;
  };
  const kindName = t(`articles.tabs.${kind}`);
  const job = kind === 'job';

  return (
    <FormDrawer
      opened={article !== null}
      onClose={onClose}
      title={t(article === 'new' ? 'articles.form.add' : 'articles.form.edit', { kind: kindName })}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('articles.form.save')}
      submitTestId="article-save"
      size="xl"
      data-testid="article-form"
    >
      <TextInput
        label={t('articles.form.title')}
        required
        maxLength={ARTICLE_TITLE_MAX}
        {...form.getInputProps('title')}
        data-testid="article-title"
      />
      <Select
        label={t('articles.form.category')}
        placeholder={t('articles.form.noCategory')}
        clearable
        data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        value={form.values.category_id || null}
        onChange={(value) => form.setFieldValue('category_id', value ?? '')}
        error={error('category_id')}
        data-testid="article-category"
      />
      <Textarea
        label={t('articles.form.summary')}
        autosize
        minRows={2}
        maxLength={ARTICLE_SUMMARY_MAX}
        {...form.getInputProps('summary')}
        data-testid="article-summary"
      />
      <UploadField
        kind="cover"
        apiType="administrators"
        label={t('articles.form.cover')}
        hint={t('articles.form.coverHint')}
        value={form.values.cover ? { url: form.values.cover.url, mime: 'image/*' } : null}
        onUploaded={(upload) => form.setFieldValue('cover', { id: upload.id, url: upload.url })}
        error={error('cover') ?? error('cover_upload_id')}
        testId="article-cover"
      />
      <RichTextField
        label={t('articles.form.body')}
        imageLabel={t('articles.form.addImage')}
        imageKind="content_image"
        article={{
          table: {
            insert: t('articles.form.tableInsert'),
            addRow: t('articles.form.tableAddRow'),
            addColumn: t('articles.form.tableAddColumn'),
            remove: t('articles.form.tableRemove'),
          },
        }}
        value={form.values.body}
        onChange={(html) => form.setFieldValue('body', html)}
        error={error('body')}
        data-testid="article-body"
      />
      <AttachmentsField
        value={form.values.attachments}
        onChange={(value) => form.setFieldValue('attachments', value)}
        labels={{
          title: t('articles.form.attachments'),
          add: t('articles.form.addAttachment'),
          remove: t('articles.form.removeAttachment'),
          hint: t('articles.form.attachmentsHint'),
        }}
        error={error('attachments')}
      />
      {job && (
        <>
          <Divider
            label={
              <Text fz="sm" fw={500}>
                {t('articles.form.job')}
              </Text>
            }
            labelPosition="left"
          />
          <TextInput
            label={t('articles.form.employer')}
            required
            maxLength={100}
            {...form.getInputProps('employer')}
            data-testid="article-employer"
          />
          <OccupationLevelSelect
            occupations={occupations}
            occupation_id={form.values.occupation_id}
            level={form.values.level_required}
            onChange={(value) =>
              form.setValues({ occupation_id: value.occupation_id, level_required: value.level })
            }
            labels={{
              occupation: t('articles.form.occupation'),
              level: t('articles.form.levelRequired'),
              noOccupation: t('articles.form.noOccupation'),
              pickOccupation: t('articles.form.pickOccupation'),
            }}
            clearable
            occupationError={form.errors.occupation_id}
            levelError={form.errors.level_required}
            testIdPrefix="article"
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('articles.form.place')}
              maxLength={100}
              {...form.getInputProps('place')}
              data-testid="article-place"
            />
            <DatePickerInput
              label={t('articles.form.deadline')}
              valueFormat="YYYY-MM-DD"
              clearable
              value={form.values.deadline || null}
              onChange={(value) => form.setFieldValue('deadline', value ?? '')}
              error={error('deadline')}
              data-testid="article-deadline"
            />
          </Group>
          <Group grow align="flex-start">
            <NumberInput
              label={t('articles.form.salaryMin')}
              min={0}
              max={SALARY_MAX}
              allowDecimal={false}
              {...form.getInputProps('salary_min')}
              data-testid="article-salary-min"
            />
            <NumberInput
              label={t('articles.form.salaryMax')}
              min={0}
              max={SALARY_MAX}
              allowDecimal={false}
              {...form.getInputProps('salary_max')}
              data-testid="article-salary-max"
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label={t('articles.form.contactName')}
              maxLength={40}
              {...form.getInputProps('contact_name')}
              data-testid="article-contact-name"
            />
            <TextInput
              label={t('articles.form.contactPhone')}
              maxLength={40}
              {...form.getInputProps('contact_phone')}
              data-testid="article-contact-phone"
            />
          </Group>
        </>
      )}
    </FormDrawer>
  );
}
