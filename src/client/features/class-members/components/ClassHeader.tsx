// The class's facts above its tabs: project (and program), college, state, dates, head teacher, seats
// taken, fee, the join code with the invitation link to copy, and the completion rule.
import { Badge, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import type { ClassInfo } from '../api.ts';
import { invitationLink } from '../paths.ts';
import { LoadState } from './LoadState.tsx';

export interface ClassHeaderProps {
  info: ClassInfo | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

const STATE_COLORS: Record<string, string> = {
  planned: 'gray',
  open: 'green',
  in_progress: 'blue',
  finished: 'violet',
  archived: 'dark',
};

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

export function ClassHeader({ info, loading, error, onRetry }: ClassHeaderProps) {
  const t = useT();
  if (!info)
    return (
      <LoadState
        loading={loading}
        error={error}
        empty={false}
        emptyText=""
        retry={onRetry}
        testId="class-info"
      />
    );
  const link = invitationLink(window.location.origin, info.join_path);
  const rule =
    t('classMembers.info.ruleText', {
      progress: info.rule_progress_percent,
      attendance: info.rule_attendance_percent,
    }) +
    (info.rule_test_pass_score !== null
      ? t('classMembers.info.ruleTest', { score: info.rule_test_pass_score })
      : '');
  return (
    <Paper withBorder p="md" data-testid="class-header">
      <Group gap="sm" mb="sm">
        <Title order={1} fz="lg" data-testid="class-name">
          {info.name}
        </Title>
        <Badge color={STATE_COLORS[info.state] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
          {t(`classMembers.states.${info.state}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Fact label={t('classMembers.info.project')}>
          {info.project_name}
          {info.program_name ? ` · ${info.program_name}` : ''}
        </Fact>
        <Fact label={t('classMembers.info.college')}>{info.organization_name}</Fact>
        <Fact label={t('classMembers.info.dates')}>
          {info.starts_on} ~ {info.ends_on}
        </Fact>
        <Fact label={t('classMembers.info.headTeacher')}>
          {info.head_teacher
            ? `${info.head_teacher.name} ${info.head_teacher.phone}`
            : t('classMembers.info.noTeacher')}
        </Fact>
        <Fact label={t('classMembers.info.capacity')} testId="class-enrolled">
          {t('classMembers.info.enrolled', { enrolled: info.enrolled_count, capacity: info.capacity })}
        </Fact>
        <Fact label={t('classMembers.info.fee')}>
          {info.fee_fen > 0 ? formatFen(info.fee_fen) : t('classMembers.info.free')}
        </Fact>
        <Fact label={t('classMembers.info.rule')}>{rule}</Fact>
        <Fact label={t('classMembers.info.joinCode')}>
          <Group gap="xs">
            <Text fz="sm" ff="monospace" fw={600} data-testid="class-join-code">
              {info.join_code}
            </Text>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconCopy size={12} />}
                  onClick={copy}
                  title={link}
                  data-testid="class-copy-link"
                >
                  {copied ? t('classMembers.info.copied') : t('classMembers.info.copyLink')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}
