// Notices to the class: the ones sent, and sending one (title, message) to every student in the class as a
// notification in their message centre.
import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { noticeInputSchema } from '../../../../shared/class-members/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { fetchNotices, sendNotice, type NoticeView } from '../api.ts';

export function NoticesTab({ classId }: { classId: number }) {
  const t = useT();
  const list = useListPage({
    urlKey: 'notices',
    filters: {},
    fetch: ({ page, limit }) => fetchNotices(classId, { page, limit }),
    deps: [classId],
  });
  const [sending, setSending] = useState(false);
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: { title: '', body: '' },
    schema: noticeInputSchema,
  });
  const submit = handleSubmit(async (_values, input) => {
    const sent = await sendNotice(classId, input);
    toastSuccess(t('classMembers.notices.sent', { count: sent.recipients }));
    setSending(false);
    form.reset();
    list.reload();
  });
  const columns: ListPageColumn<NoticeView>[] = [
    {
      accessor: 'title',
      title: t('classMembers.notices.title'),
      render: (n) => (
        <Stack gap={2}>
          <Text fz="sm" fw={500}>
            {n.title}
          </Text>
          {n.body && (
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {n.body}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'sent_by', title: t('classMembers.notices.sentBy'), render: (n) => n.sent_by ?? '—' },
    {
      accessor: 'created_at',
      title: t('classMembers.notices.sentAt'),
      render: (n) => parseTime(n.created_at, '{y}-{m}-{d} {h}:{i}'),
    },
  ];
  return (
    <Stack gap="sm" data-testid="class-notices">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {t('classMembers.notices.hint')}
        </Text>
        <AddButton onClick={() => setSending(true)} testId="notices-send">
          {t('classMembers.notices.send')}
        </AddButton>
      </Group>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('classMembers.notices.empty')}</Text>}
        data-testid="class-notices-table"
      />
      <FormDrawer
        opened={sending}
        onClose={() => setSending(false)}
        title={t('classMembers.notices.send')}
        form={form}
        onSubmit={() => submit()}
        saving={submitting}
        submitLabel={t('classMembers.notices.send')}
        submitTestId="notice-submit"
        data-testid="notice-drawer"
      >
        <Text fz="sm" c="dimmed">
          {t('classMembers.notices.hint')}
        </Text>
        <TextInput
          label={t('classMembers.notices.title')}
          required
          maxLength={200}
          {...form.getInputProps('title')}
          data-testid="notice-title"
        />
        <Textarea
          label={t('classMembers.notices.body')}
          autosize
          minRows={4}
          maxLength={5000}
          {...form.getInputProps('body')}
          data-testid="notice-body"
        />
      </FormDrawer>
    </Stack>
  );
}
