import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { CourseCard, CourseGrid, CourseGridSkeleton } from '../../../lib/components/CourseCard.tsx';
import { LazyPager } from '../../../lib/components/LazyPager.tsx';
import { FIRST_PAGE } from '../../../lib/components/learner-list/use-list-paging.ts';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { fetchCourseFilters, fetchCourses, type CatalogueQuery } from '../api.ts';

type PriceFilter = 'all' | 'free' | 'paid';

interface Filters {
  keyword: string;
  occupation: string;
  level: string;
  category: string;
  price: PriceFilter;
}

const NO_FILTERS: Filters = { keyword: '', occupation: '', level: '', category: '', price: 'all' };

/** `/course`: the published courses, searchable and filtered by occupation, level, category and price. */
export default function CoursePage() {
  const t = useT();
  const initialKeyword = new URLSearchParams(useSearch()).get('keyword') ?? '';
  const [filters, setFilters] = useState<Filters>({ ...NO_FILTERS, keyword: initialKeyword });
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [keyword] = useDebouncedValue(filters.keyword.trim(), 400);
  const options = useRead({ key: 'course-filters', fetch: fetchCourseFilters });

  const query: CatalogueQuery = {
    ...paging,
    keyword: keyword || undefined,
    occupation_id: filters.occupation ? Number(filters.occupation) : undefined,
    level: filters.level ? Number(filters.level) : undefined,
    category: filters.category || undefined,
    price: filters.price === 'all' ? undefined : filters.price,
  };
  const courses = useRead(
    {
      key: readKey(
        'courses',
        paging.page,
        paging.limit,
        query.keyword,
        query.occupation_id,
        query.level,
        query.category,
        query.price,
      ),
      fetch: () => fetchCourses(query),
    },
    { keepPrevious: true },
  );

  const change = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const occupations = options.data?.occupations ?? [];
  const levels = occupations.find((o) => String(o.id) === filters.occupation)?.levels ?? [];
  const filtered =
    filters.keyword !== '' || filters.occupation !== '' || filters.category !== '' || filters.price !== 'all';

  const answer = courses.data;
  let content;
  if (!answer && courses.error) {
    content = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="courses-error">
        <Button size="xs" variant="light" color="red" onClick={courses.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (!answer) {
    content = <CourseGridSkeleton count={8} testId="courses-loading" />;
  } else if (answer.data.length === 0) {
    content = (
      <Center py="xl" data-testid="courses-empty">
        <Stack align="center" gap="xs">
          <IconBooks size={40} color="var(--mantine-color-gray-5)" />
          <Text c="dimmed">{filtered ? t('learning.catalogue.noMatch') : t('learning.catalogue.empty')}</Text>
          {filtered && (
            <Button variant="light" size="xs" onClick={() => change(NO_FILTERS)}>
              {t('learning.catalogue.clear')}
            </Button>
          )}
        </Stack>
      </Center>
    );
  } else {
    content = (
      <CourseGrid testId="courses" dimmed={courses.refreshing}>
        {answer.data.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </CourseGrid>
    );
  }

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="course-page">
      <PortalHeader active="/course" />
      <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Title order={1} fz={{ base: 'lg', sm: 'xl' }}>
              {t('learning.catalogue.title')}
            </Title>
            <TextInput
              w={{ base: '100%', sm: 300 }}
              leftSection={<IconSearch size={16} />}
              placeholder={t('learning.catalogue.search')}
              aria-label={t('learning.catalogue.search')}
              value={filters.keyword}
              onChange={(event) => change({ keyword: event.currentTarget.value })}
              data-testid="course-search"
            />
          </Group>
          <Group gap="xs" wrap="wrap" align="flex-end">
            <NativeSelect
              size="xs"
              aria-label={t('learning.catalogue.occupation')}
              value={filters.occupation}
              onChange={(event) => change({ occupation: event.currentTarget.value, level: '' })}
              data={[
                { value: '', label: t('learning.catalogue.allOccupations') },
                ...occupations.map((o) => ({ value: String(o.id), label: o.name })),
              ]}
              data-testid="course-occupation"
            />
            <NativeSelect
              size="xs"
              aria-label={t('learning.catalogue.level')}
              value={filters.level}
              disabled={levels.length === 0}
              onChange={(event) => change({ level: event.currentTarget.value })}
              data={[
                { value: '', label: t('learning.catalogue.allLevels') },
                ...levels.map((l) => ({ value: String(l.level), label: l.name })),
              ]}
              data-testid="course-level"
            />
            <NativeSelect
              size="xs"
              aria-label={t('learning.catalogue.category')}
              value={filters.category}
              onChange={(event) => change({ category: event.currentTarget.value })}
              data={[
                { value: '', label: t('learning.catalogue.allCategories') },
                ...(options.data?.categories ?? []).map((c) => ({ value: c, label: c })),
              ]}
              data-testid="course-category"
            />
            <SegmentedControl
              size="xs"
              value={filters.price}
              onChange={(value) => change({ price: value === 'free' || value === 'paid' ? value : 'all' })}
              data={[
                { value: 'all', label: t('learning.catalogue.all') },
                { value: 'free', label: t('learning.catalogue.free') },
                { value: 'paid', label: t('learning.catalogue.paid') },
              ]}
              data-testid="course-price-filter"
            />
          </Group>
          {content}
          {answer && answer.meta.total > paging.limit && (
            <LazyPager
              total={answer.meta.total}
              page={paging.page}
              limit={paging.limit}
              onChange={(page, limit) => setPaging({ page, limit })}
            />
          )}
        </Stack>
      </Container>
    </Box>
  );
}
