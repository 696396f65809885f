// /manage/trainingManage/classes/info?id=: one class. The header gives its facts (project, state, dates,
// head teacher, seats, fee, join code and invitation link, completion rule); the tabs hold its students
// (add, import, remove with a reason, test score, export), each student's course progress, the schedule,
// the fees and the notices sent to the class.
import { Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { fetchClassInfo } from '../api.ts';
import { ClassHeader } from '../components/ClassHeader.tsx';
import { CoursesTab } from '../components/CoursesTab.tsx';
import { FeesTab } from '../components/FeesTab.tsx';
import { MembersTab } from '../components/MembersTab.tsx';
import { NoticesTab } from '../components/NoticesTab.tsx';
import { SessionsTab } from '../components/SessionsTab.tsx';
import { classIdParam } from '../paths.ts';

const TABS = ['members', 'courses', 'sessions', 'fees', 'notices'] as const;
type Tab = (typeof TABS)[number];

export default function ClassInfoPage() {
  const t = useT();
  const [search] = useSearchParams();
  const classId = classIdParam(search.get('id'));
  const info = useRead(
    classId ? { key: `class-info:${classId}`, fetch: () => fetchClassInfo(classId) } : null,
  );
  const [tab, setTab] = useState<Tab>('members');

  if (!classId)
    return (
      <Text c="dimmed" data-testid="class-info-missing">
        {t('classMembers.missingClass')}
      </Text>
    );

  return (
    <Stack gap="md" data-testid="class-info-page">
      <ClassHeader info={info.data} loading={info.loading} error={info.error} onRetry={info.refresh} />
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'members')} keepMounted={false}>
        <Tabs.List>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`class-tab-${name}`}>
              {t(`classMembers.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="members" pt="md">
          <MembersTab classId={classId} info={info.data} onChanged={info.refresh} />
        </Tabs.Panel>
        <Tabs.Panel value="courses" pt="md">
          <CoursesTab classId={classId} />
        </Tabs.Panel>
        <Tabs.Panel value="sessions" pt="md">
          <SessionsTab classId={classId} />
        </Tabs.Panel>
        <Tabs.Panel value="fees" pt="md">
          <FeesTab classId={classId} />
        </Tabs.Panel>
        <Tabs.Panel value="notices" pt="md">
          <NoticesTab classId={classId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
