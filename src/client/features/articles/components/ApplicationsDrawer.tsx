// A job's applications: who applied, their mobile, the certificate that qualified them, their message and
// when — the back office contacts them from here.
import { Drawer, Stack, Text } from '@mantine/core';
import { skillLevelLabel } from '../../../../shared/plans/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { fetchApplications, type ArticleView, type JobApplicationView } from '../api.ts';

function ApplicationList({ job }: { job: ArticleView }) {
  const t = useT();
  const list = useListPage({
    filters: {},
    inUrl: false,
    deps: [job.id],
    fetch: ({ page, limit }) => fetchApplications(job.id, { page, limit }),
  });
  const columns: ListPageColumn<JobApplicationView>[] = [
    { accessor: 'learner_name', title: t('articles.applications.name') },
    { accessor: 'phone', title: t('articles.applications.phone') },
    {
      accessor: 'certificate_number',
      title: t('articles.applications.certificate'),
      render: (a) =>
        a.certificate_number
          ? `${a.certificate_number}${a.certificate_level ? ` · ${skillLevelLabel(a.certificate_level)}` : ''}`
          : '—',
    },
    { accessor: 'message', title: t('articles.applications.message'), render: (a) => a.message || '—' },
    {
      accessor: 'created_at',
      title: t('articles.applications.appliedAt'),
      render: (a) => parseTime(a.created_at, '{y}-{m}-{d} {h}:{i}'),
    },
  ];
  return (
    <ListPageTable
      list={list}
      columns={columns}
      empty={<Text c="dimmed">{t('articles.applications.empty')}</Text>}
      data-testid="application-table"
    />
  );
}

export function ApplicationsDrawer({ job, onClose }: { job: ArticleView | null; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer
      opened={job !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={job ? t('articles.applications.title', { title: job.title }) : ''}
      data-testid="application-drawer"
    >
      <Stack>{job && <ApplicationList job={job} />}</Stack>
    </Drawer>
  );
}
