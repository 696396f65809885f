// Publishing an article: at once, or from a time picked on China's clock (the server shows it on the portal
// from then; until then the list marks it scheduled).
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { fromChinaClock } from '../../../../shared/api/china-time.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { publishArticle, type ArticleView } from '../api.ts';

export interface PublishDialogProps {
  article: ArticleView | null;
  onClose: () => void;
  onDone: () => void;
}

export function PublishDialog({ article, onClose, onDone }: PublishDialogProps) {
  const t = useT();
  const [mode, setMode] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setMode('now');
    setAt(null);
    setProblem(null);
  }, [article]);

  const publish = async () => {
    if (!article) return;
    const publishAt = mode === 'later' ? (at && fromChinaClock(at)?.toISOString()) || null : null;
    if (mode === 'later' && !publishAt) {
      setProblem(t('articles.publish.pickTime'));
      return;
    }
    setSaving(true);
    try {
      await publishArticle(article.id, publishAt);
      toastSuccess(t(publishAt ? 'articles.publish.scheduled' : 'articles.publish.published'));
      onDone();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={article !== null}
      onClose={onClose}
      title={article ? t('articles.publish.title', { title: article.title }) : ''}
      data-testid="article-publish-dialog"
    >
      <Stack>
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value === 'later' ? 'later' : 'now')}
          data={[
            { value: 'now', label: t('articles.publish.now') },
            { value: 'later', label: t('articles.publish.later') },
          ]}
          data-testid="article-publish-mode"
        />
        {mode === 'later' && (
          <DateTimePicker
            label={t('articles.publish.time')}
            description={t('articles.publish.timeHint')}
            valueFormat="YYYY-MM-DD HH:mm"
            value={at}
            onChange={setAt}
            error={problem}
            data-testid="article-publish-at"
          />
        )}
        {mode === 'now' && problem && (
          <Text c="red" fz="xs">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void publish()} data-testid="article-publish-confirm">
            {t('articles.publish.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
