// /manage/trainingManage/course/index: the courses (cover, title, occupation + level, category, price, lesson
// count, learners, state), searchable and filtered; create and edit in a drawer; publish (needs a lesson) and
// unpublish, both confirmed; delete (the server refuses a published course or one with learners or orders);
// each row opens its chapters and lessons.
import { Badge, Image, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconEye, IconEyeOff, IconPhoto, IconPlayerPlay } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { COURSE_STATES } from '../../../../shared/courses/schema.ts';
import { SKILL_LEVELS, skillLevelLabel } from '../../../../shared/plans/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  deleteCourse,
  fetchCategories,
  fetchCourses,
  fetchOccupations,
  publishCourse,
  unpublishCourse,
  type CourseListFilters,
  type CourseView,
} from '../api.ts';
import { CourseFormDrawer } from '../components/CourseFormDrawer.tsx';
import { STATE_COLORS } from '../components/CourseHeader.tsx';
import { chapterPagePath, lessonPagePath } from '../paths.ts';
import { priceText } from '../course-form.ts';

export default function CourseListPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const list = useListPage({
    filters: { keyword: '', occupation_id: '', level: '', category: '', state: '', price: '' },
    fetch: ({ page, limit, filters }) =>
      fetchCourses({
        page,
        limit,
        keyword: filters.keyword,
        occupation_id: filters.occupation_id ? Number(filters.occupation_id) : null,
        level: filters.level ? Number(filters.level) : null,
        category: filters.category,
        state: (filters.state || null) as CourseListFilters['state'],
        price: (filters.price || null) as CourseListFilters['price'],
      }),
  });
  // A failed read leaves the choices empty (the API client has shown the toast).
  const occupations = useRead({ key: 'course-occupations', fetch: fetchOccupations }).data ?? [];
  const categories = useRead({ key: 'course-categories', fetch: fetchCategories });
  const editing = useEditing<CourseView>();
  const confirm = useConfirmAction();

  const reloadAll = () => {
    list.reload();
    categories.refresh();
  };
  const askDelete = (course: CourseView) =>
    confirm.ask(
      deleteRequest({
        title: t('courses.list.delete'),
        message: t('courses.list.confirmDelete', { title: course.title }),
        confirmLabel: t('courses.list.delete'),
        confirmTestId: 'course-delete-confirm',
        remove: () => deleteCourse(course.id),
        doneMessage: t('courses.list.deleted'),
        onDone: reloadAll,
      }),
    );
  const askPublish = (course: CourseView) => {
    const publishing = course.state !== 'published';
    confirm.ask({
      title: publishing ? t('courses.list.publish') : t('courses.list.unpublish'),
      message: t(publishing ? 'courses.list.confirmPublish' : 'courses.list.confirmUnpublish', {
        title: course.title,
      }),
      confirmLabel: publishing ? t('courses.list.publish') : t('courses.list.unpublish'),
      color: publishing ? undefined : 'orange',
      confirmTestId: 'course-publish-confirm',
      run: async () => {
        await (publishing ? publishCourse(course.id) : unpublishCourse(course.id));
        toastSuccess(publishing ? t('courses.list.published') : t('courses.list.unpublished'));
        list.reload();
      },
    });
  };

  const columns: ListPageColumn<CourseView>[] = [
    {
      accessor: 'cover_url',
      title: t('courses.form.cover'),
      width: 88,
      render: (c) =>
        c.cover_url ? (
          <Image src={c.cover_url} alt="" w={72} h={40} fit="cover" radius="sm" />
        ) : (
          <IconPhoto size={24} color="var(--mantine-color-gray-5)" aria-hidden />
        ),
    },
    {
      accessor: 'title',
      title: t('courses.form.title'),
      render: (c) => (
        <Text fz="sm" fw={500} data-testid={`course-row-${c.id}`}>
          {c.title}
        </Text>
      ),
    },
    {
      accessor: 'occupation_name',
      title: t('courses.form.occupation'),
      render: (c) => (c.occupation_name ? `${c.occupation_name} · ${c.level_name ?? ''}` : '—'),
    },
    { accessor: 'category', title: t('courses.form.category'), render: (c) => c.category || '—' },
    {
      accessor: 'price_fen',
      title: t('courses.form.price'),
      render: (c) => (
        <Text fz="sm" data-testid={`course-price-${c.id}`}>
          {priceText(c.price_fen, t('courses.list.free'))}
        </Text>
      ),
    },
    { accessor: 'lesson_count', title: t('courses.list.lessons') },
    { accessor: 'learner_count', title: t('courses.list.learners') },
    {
      accessor: 'state',
      title: t('courses.list.state'),
      render: (c) => (
        <Badge
          variant="light"
          color={STATE_COLORS[c.state]}
          style={{ textTransform: 'none' }}
          data-testid={`course-state-${c.id}`}
        >
          {t(`courses.states.${c.state}`)}
        </Badge>
      ),
    },
    actionsColumn((c) => [
      {
        key: 'chapters',
        label: t('courses.list.chapters'),
        icon: <IconBook2 size={16} />,
        onClick: () => navigate(chapterPagePath(c.id)),
        testId: `course-chapters-${c.id}`,
      },
      {
        key: 'lessons',
        label: t('courses.list.lessonsAction'),
        icon: <IconPlayerPlay size={16} />,
        onClick: () => navigate(lessonPagePath(c.id)),
        testId: `course-lessons-${c.id}`,
      },
      {
        key: 'publish',
        label: c.state === 'published' ? t('courses.list.unpublish') : t('courses.list.publish'),
        icon: c.state === 'published' ? <IconEyeOff size={16} /> : <IconEye size={16} />,
        color: c.state === 'published' ? 'orange' : 'teal',
        onClick: () => askPublish(c),
        testId: `course-publish-${c.id}`,
      },
      ...editDeleteActions({
        onEdit: () => editing.edit(c),
        onDelete: () => askDelete(c),
        editLabel: t('courses.list.edit'),
        deleteLabel: t('courses.list.delete'),
        testIdPrefix: 'course',
        testIdSuffix: c.id,
      }),
    ]),
  ];

  return (
    <Stack gap="md" data-testid="course-list-page">
      <Title order={1} fz="lg">
        {t('courses.list.title')}
      </Title>
      <FilterBar
        list={list}
        withReset
        resetLabel={t('courses.list.reset')}
        actions={
          <AddButton onClick={editing.add} testId="course-add">
            {t('courses.list.add')}
          </AddButton>
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('courses.list.search')}
          aria-label={t('courses.list.search')}
          w={200}
          data-testid="course-search"
        />
        <FilterSelect
          name="occupation_id"
          placeholder={t('courses.list.allOccupations')}
          aria-label={t('courses.form.occupation')}
          searchable
          data={occupations.map((o) => ({ value: String(o.id), label: o.name }))}
          w={180}
          data-testid="course-occupation-filter"
        />
        <FilterSelect
          name="level"
          placeholder={t('courses.list.allLevels')}
          aria-label={t('courses.form.level')}
          data={SKILL_LEVELS.map((l) => ({ value: String(l), label: skillLevelLabel(l) }))}
          w={150}
        />
        <FilterSelect
          name="category"
          placeholder={t('courses.list.allCategories')}
          aria-label={t('courses.form.category')}
          data={categories.data ?? []}
          w={140}
        />
        <FilterSelect
          name="state"
          placeholder={t('courses.list.allStates')}
          aria-label={t('courses.list.state')}
          data={COURSE_STATES.map((s) => ({ value: s, label: t(`courses.states.${s}`) }))}
          w={120}
          data-testid="course-state-filter"
        />
        <FilterSelect
          name="price"
          placeholder={t('courses.list.allPrices')}
          aria-label={t('courses.form.price')}
          data={[
            { value: 'free', label: t('courses.list.free') },
            { value: 'paid', label: t('courses.list.paid') },
          ]}
          w={120}
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{list.filtered ? t('courses.list.noMatch') : t('courses.list.empty')}</Text>}
        data-testid="course-table"
      />
      <CourseFormDrawer
        course={editing.value}
        occupations={occupations}
        categories={categories.data ?? []}
        onClose={editing.close}
        onSaved={editing.saved(reloadAll)}
      />
      {confirm.dialog}
    </Stack>
  );
}
