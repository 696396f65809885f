// /manage/contentManage/informationRelease: news, notices and jobs in three tabs. Each tab lists its kind
// (pinned first), searchable by title and filtered by category and state; add and edit in a drawer (the
// article editor with tables and images, attachments, job fields for jobs); publish now or at a time,
// withdraw (confirmed), pin/unpin, delete a draft or withdrawn one (confirmed), a job's applications (also
// opened by `?applications=<job id>`, the link of the staff notice a new application sends); and the kind's
// categories in a small drawer.
import '@mantine/dates/styles.css';
import { Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCategory,
  IconPin,
  IconPinnedOff,
  IconSend,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { ARTICLE_KINDS, ARTICLE_STATES } from '../../../../shared/articles/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { ContentCategoryDrawer } from '../../../lib/components/ContentCategoryDrawer.tsx';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import type { RowActionItem } from '../../../lib/kit/RowActions.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import {
  deleteArticle,
  fetchArticle,
  fetchArticles,
  fetchCategories,
  fetchOccupations,
  pinArticle,
  withdrawArticle,
  type ArticleDetail,
  type ArticleKind,
  type ArticleState,
  type ArticleView,
} from '../api.ts';
import { ApplicationsDrawer } from '../components/ApplicationsDrawer.tsx';
import { ArticleFormDrawer } from '../components/ArticleFormDrawer.tsx';
import { PublishDialog } from '../components/PublishDialog.tsx';

const STATE_COLORS: Record<ArticleState | 'scheduled', string> = {
  draft: 'gray',
  published: 'teal',
  withdrawn: 'orange',
  scheduled: 'blue',
};

const isKind = (value: string | null): value is ArticleKind =>
  (ARTICLE_KINDS as readonly string[]).includes(value ?? '');

export default function InformationReleasePage() {
  const t = useT();
  const list = useListPage({
    filters: { kind: 'news', keyword: '', category_id: '', state: '' },
    fetch: ({ page, limit, filters }) =>
      fetchArticles({
        page,
        limit,
        kind: isKind(filters.kind) ? filters.kind : 'news',
        keyword: filters.keyword,
        category_id: filters.category_id ? Number(filters.category_id) : null,
        state: (filters.state || null) as ArticleState | null,
      }),
  });
  const kind: ArticleKind = isKind(list.query.filters.kind) ? list.query.filters.kind : 'news';
  const categories = useRead({ key: `content-categories:${kind}`, fetch: () => fetchCategories(kind) });
  // A failed read leaves the choices empty (the API client has shown the toast).
  const occupations = useRead({ key: 'article-occupations', fetch: fetchOccupations }).data ?? [];
  const [editing, setEditing] = useState<ArticleDetail | 'new' | null>(null);
  const [publishing, setPublishing] = useState<ArticleView | null>(null);
  const [applications, setApplications] = useState<ArticleView | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const confirm = useConfirmAction();
  const [search, setSearch] = useSearchParams();
  const linkedJob = Number(search.get('applications')) || 0;
  useEffect(() => {
    if (!linkedJob) return;
    let live = true;
    // A failed read leaves the drawer closed (the API client has shown the toast).
    fetchArticle(linkedJob).then(
      (job) => live && setApplications(job),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [linkedJob]);
  const closeApplications = () => {
    setApplications(null);
    if (linkedJob)
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('applications');
          return next;
        },
        { replace: true },
      );
  };

  const reloadAll = () => {
    list.reload();
    categories.refresh();
  };
  const edit = async (article: ArticleView) => {
    try {
      setEditing(await fetchArticle(article.id));
    } catch {
      // The API client has shown the toast.
    }
  };
  const askDelete = (article: ArticleView) =>
    confirm.ask(
      deleteRequest({
        title: t('articles.list.delete'),
        message: t('articles.list.confirmDelete', { title: article.title }),
        confirmLabel: t('articles.list.delete'),
        confirmTestId: 'article-delete-confirm',
        remove: () => deleteArticle(article.id),
        doneMessage: t('articles.list.deleted'),
        onDone: reloadAll,
      }),
    );
  const askWithdraw = (article: ArticleView) =>
    confirm.ask({
      title: t('articles.list.withdraw'),
      message: t('articles.list.confirmWithdraw', { title: article.title }),
      confirmLabel: t('articles.list.withdraw'),
      color: 'orange',
      confirmTestId: 'article-withdraw-confirm',
      run: async () => {
        await withdrawArticle(article.id);
        toastSuccess(t('articles.list.withdrawn'));
        list.reload();
      },
    });
  const togglePin = async (article: ArticleView) => {
    try {
      await pinArticle(article.id, !article.pinned);
      toastSuccess(t(article.pinned ? 'articles.list.unpinnedDone' : 'articles.list.pinnedDone'));
      list.reload();
    } catch {
      // The API client has shown the toast.
    }
  };

  const rowActions = (a: ArticleView): RowActionItem[] => [
    ...(a.state !== 'published' || a.scheduled
      ? [
          {
            key: 'publish',
            label: t('articles.list.publish'),
            icon: <IconSend size={16} />,
            color: 'teal',
            onClick: () => setPublishing(a),
            testId: `article-publish-${a.id}`,
          },
        ]
      : []),
    ...(a.state === 'published'
      ? [
          {
            key: 'withdraw',
            label: t('articles.list.withdraw'),
            icon: <IconArrowBackUp size={16} />,
            color: 'orange',
            onClick: () => askWithdraw(a),
            testId: `article-withdraw-${a.id}`,
          },
        ]
      : []),
    {
      key: 'pin',
      label: a.pinned ? t('articles.list.unpin') : t('articles.list.pin'),
      icon: a.pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />,
      onClick: () => void togglePin(a),
      testId: `article-pin-${a.id}`,
    },
    ...(a.kind === 'job'
      ? [
          {
            key: 'applications',
            label: t('articles.list.viewApplications'),
            icon: <IconUsers size={16} />,
            onClick: () => setApplications(a),
            testId: `article-applications-${a.id}`,
          },
        ]
      : []),
    ...editDeleteActions({
      onEdit: () => void edit(a),
      onDelete: () => askDelete(a),
      editLabel: t('articles.list.edit'),
      deleteLabel: t('articles.list.delete'),
      testIdPrefix: 'article',
      testIdSuffix: a.id,
    }).filter((action) => action.key !== 'delete' || a.state !== 'published'),
  ];

  const columns: ListPageColumn<ArticleView>[] = [
    {
      accessor: 'title',
      title: t('articles.list.columnTitle'),
      render: (a) => (
        <Group gap={6} wrap="nowrap">
          {a.pinned && (
            <Badge size="xs" color="red" variant="light" data-testid={`article-pinned-${a.id}`}>
              {t('articles.list.pinned')}
            </Badge>
          )}
          <Text fz="sm" fw={500} data-testid={`article-row-${a.id}`}>
            {a.title}
          </Text>
        </Group>
      ),
    },
    { accessor: 'category_name', title: t('articles.list.category'), render: (a) => a.category_name ?? '—' },
    {
      accessor: 'state',
      title: t('articles.list.state'),
      render: (a) => {
        const state = a.scheduled ? 'scheduled' : a.state;
        return (
          <Badge
            variant="light"
            color={STATE_COLORS[state]}
            style={{ textTransform: 'none' }}
            data-testid={`article-state-${a.id}`}
          >
            {t(`articles.states.${state}`)}
          </Badge>
        );
      },
    },
    {
      accessor: 'publish_at',
      title: t('articles.list.publishAt'),
      render: (a) => (a.publish_at ? parseTime(a.publish_at, '{y}-{m}-{d} {h}:{i}') : '—'),
    },
    { accessor: 'view_count', title: t('articles.list.views') },
    ...(kind === 'job'
      ? [
          {
            accessor: 'application_count',
            title: t('articles.list.applications'),
          } as ListPageColumn<ArticleView>,
        ]
      : []),
    actionsColumn(rowActions),
  ];

  return (
    <LocalizedDatesProvider>
      <Stack gap="md" data-testid="information-release-page">
        <Title order={1} fz="lg">
          {t('articles.title')}
        </Title>
        <Tabs
          value={kind}
          onChange={(value) => {
            if (isKind(value)) list.setFilters({ kind: value, category_id: '' });
          }}
        >
          <Tabs.List>
            {ARTICLE_KINDS.map((k) => (
              <Tabs.Tab key={k} value={k} data-testid={`article-tab-${k}`}>
                {t(`articles.tabs.${k}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <FilterBar
          list={list}
          withReset
          resetLabel={t('articles.list.reset')}
          actions={
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconCategory size={16} />}
                onClick={() => setCategoriesOpen(true)}
                data-testid="article-categories"
              >
                {t('articles.list.categories')}
              </Button>
              <AddButton onClick={() => setEditing('new')} testId="article-add">
                {t('articles.list.add')}
              </AddButton>
            </Group>
          }
        >
          <FilterText
            name="keyword"
            debounceMs={300}
            placeholder={t('articles.list.search')}
            aria-label={t('articles.list.search')}
            w={200}
            data-testid="article-search"
          />
          <FilterSelect
            name="category_id"
            placeholder={t('articles.list.allCategories')}
            aria-label={t('articles.list.category')}
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            w={160}
          />
          <FilterSelect
            name="state"
            placeholder={t('articles.list.allStates')}
            aria-label={t('articles.list.state')}
            data={ARTICLE_STATES.map((s) => ({ value: s, label: t(`articles.states.${s}`) }))}
            w={120}
            data-testid="article-state-filter"
          />
        </FilterBar>
        <ListPageTable
          list={list}
          columns={columns}
          empty={
            <Text c="dimmed">{list.filtered ? t('articles.list.noMatch') : t('articles.list.empty')}</Text>
          }
          data-testid="article-table"
        />
        <ArticleFormDrawer
          kind={kind}
          article={editing}
          categories={categories.data ?? []}
          occupations={occupations}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reloadAll();
          }}
        />
        <PublishDialog
          article={publishing}
          onClose={() => setPublishing(null)}
          onDone={() => {
            setPublishing(null);
            list.reload();
          }}
        />
        <ApplicationsDrawer job={applications} onClose={closeApplications} />
        <ContentCategoryDrawer
          kind={kind}
          title={t('articles.categories.title', { kind: t(`articles.tabs.${kind}`) })}
          opened={categoriesOpen}
          onClose={() => setCategoriesOpen(false)}
          onChanged={reloadAll}
        />
        {confirm.dialog}
      </Stack>
    </LocalizedDatesProvider>
  );
}
