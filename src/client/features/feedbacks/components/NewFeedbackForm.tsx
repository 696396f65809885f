// A new work order (the learner's, or an administrator's own): category, description and up to three screenshots, checked by the
// shared request schema before it is sent.
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CONTENT_MAX,
  feedbackCreateSchema,
  type FeedbackDetail,
} from '../../../../shared/feedbacks/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { learnerOwnFeedbacks, type OwnFeedbackApi } from '../api.ts';
import { ScreenshotPicker, type PickedShot } from './ScreenshotPicker.tsx';

interface Values {
  category: string;
  content: string;
  attachments: PickedShot[];
}

export function NewFeedbackForm({
  onCreated,
  calls = learnerOwnFeedbacks,
}: {
  onCreated: (order: FeedbackDetail) => void;
  /** whose work order: the learner's (default) or an administrator's own */
  calls?: OwnFeedbackApi;
}) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<Values, typeof feedbackCreateSchema>({
    schema: feedbackCreateSchema,
    initialValues: { category: '', content: '', attachments: [] },
    toInput: (values: Values) => ({ ...values, attachments: values.attachments.map((s) => s.id) }),
  });
  return (
    <form noValidate onSubmit={handleSubmit(async (_values, input) => onCreated(await calls.create(input)))}>
      <Stack gap="sm">
        <Select
          label={t('feedbacks.category')}
          required
          data={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`feedbacks.categories.${c}`) }))}
          {...form.getInputProps('category')}
          data-testid="feedback-category"
        />
        <Textarea
          label={t('feedbacks.content')}
          description={t('feedbacks.contentHint')}
          required
          autosize
          minRows={4}
          maxLength={FEEDBACK_CONTENT_MAX}
          {...form.getInputProps('content')}
          data-testid="feedback-content"
        />
        <ScreenshotPicker
          value={form.values.attachments}
          onChange={(shots) => form.setFieldValue('attachments', shots)}
          error={typeof form.errors.attachments === 'string' ? form.errors.attachments : null}
          apiType={calls.apiType}
          testId="feedback-shot"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} data-testid="feedback-submit">
            {t('feedbacks.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
