// Adding students from the learner list: search by name, ID number or phone (at least 2 characters), tick
// several (someone already in the class cannot be ticked) and add them in one call. The server seats all of
// them or, when the class has too few seats left, none.
import { Badge, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { addMembers, searchLearners, type LearnerCandidate } from '../api.ts';
import { LoadState } from './LoadState.tsx';

export interface AddMembersDrawerProps {
  classId: number;
  opened: boolean;
  onClose: () => void;
  onAdded: () => void;
}

export function AddMembersDrawer({ classId, opened, onClose, onAdded }: AddMembersDrawerProps) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [chosen, setChosen] = useState<Map<number, LearnerCandidate>>(new Map());
  const found = useRead(
    opened && debounced.length >= 2
      ? {
          key: `class-candidates:${classId}:${debounced}`,
          fetch: () => searchLearners(classId, debounced),
        }
      : null,
  );
  const add = useWrite((ids: number[]) => addMembers(classId, ids), {
    invalidates: [`class-info:${classId}`],
    onDone: (answer) => toastSuccess(t('classMembers.add.done', { added: answer.added })),
  });

  useEffect(() => {
    if (!opened) return;
    setKeyword('');
    setChosen(new Map());
  }, [opened]);

  const toggle = (learner: LearnerCandidate) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(learner.id)) next.delete(learner.id);
      else next.set(learner.id, learner);
      return next;
    });
  const rows = found.data?.data ?? [];

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={t('classMembers.add.title')}
      onSubmit={() => {
        add
          .run([...chosen.keys()])
          .then(onAdded)
          .catch(() => {
            // The API client has shown why (e.g. 班级名额已满); the drawer stays open.
          });
      }}
      saving={add.running}
      submitDisabled={chosen.size === 0}
      submitLabel={t('classMembers.add.submit')}
      submitTestId="members-add-submit"
      data-testid="members-add-drawer"
    >
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('classMembers.add.search')}
        aria-label={t('classMembers.add.search')}
        value={keyword}
        maxLength={64}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        description={debounced.length < 2 ? t('classMembers.add.hint') : undefined}
        data-testid="members-add-search"
      />
      {chosen.size > 0 && (
        <Group gap={4}>
          <Text fz="sm" fw={500} data-testid="members-add-count">
            {t('classMembers.add.selected', { count: chosen.size })}
          </Text>
          {[...chosen.values()].map((l) => (
            <Badge key={l.id} variant="light" style={{ textTransform: 'none' }}>
              {l.name}
            </Badge>
          ))}
        </Group>
      )}
      {debounced.length >= 2 && (
        <LoadState
          loading={found.loading}
          error={found.error}
          empty={!found.loading && rows.length === 0}
          emptyText={t('classMembers.add.none')}
          retry={found.refresh}
          testId="members-add-results"
        />
      )}
      <Stack gap={6}>
        {rows.map((l) => (
          <Checkbox
            key={l.id}
            checked={l.member || chosen.has(l.id)}
            disabled={l.member}
            onChange={() => toggle(l)}
            label={
              <Group gap="xs">
                <Text fz="sm" fw={500}>
                  {l.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {l.id_number} · {l.phone}
                  {l.organization_name ? ` · ${l.organization_name}` : ''}
                </Text>
                {l.member && (
                  <Badge size="xs" variant="light" style={{ textTransform: 'none' }}>
                    {t('classMembers.add.already')}
                  </Badge>
                )}
              </Group>
            }
            data-testid={`members-add-option-${l.id}`}
          />
        ))}
      </Stack>
    </FormDrawer>
  );
}
