// A random paper's counts per type (what the bank offers shown under each) and its finer rules per
// category and difficulty, each with what its filters leave in the bank.
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QUESTION_TYPES } from '../../../../shared/exams/question-count.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { PaperBankStats } from '../api.ts';
import { ruleAvailable, type PaperFormValues } from '../paper-form.ts';

interface Props {
  form: UseFormReturnType<PaperFormValues>;
  stats: PaperBankStats | undefined;
}

/** The bank's categories as select options, children indented under their parent. */
function categoryOptions(stats: PaperBankStats | undefined) {
  if (!stats) return [];
  const byParent = new Map<number | null, PaperBankStats['categories']>();
  for (const c of stats.categories) byParent.set(c.parent_id, [...(byParent.get(c.parent_id) ?? []), c]);
  const out: { value: string; label: string }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const c of byParent.get(parent) ?? []) {
      out.push({ value: String(c.id), label: `${'　'.repeat(depth)}${c.name}` });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function RandomRules({ form, stats }: Props) {
  const t = useT();
  const values = form.getValues();
  const categories = categoryOptions(stats);
  const typeOptions = QUESTION_TYPES.map((type) => ({ value: type, label: t(`papers.types.${type}`) }));
  return (
    <Stack gap="sm">
      <Text fw={500}>{t('papers.form.counts')}</Text>
      <Group align="flex-start" gap="md">
        {QUESTION_TYPES.map((type) => (
          <NumberInput
            key={type}
            w={140}
            min={0}
            max={500}
            allowDecimal={false}
            label={t(`papers.types.${type}`)}
            description={stats ? t('papers.form.available', { n: stats.available[type] }) : ' '}
            data-testid={`paper-count-${type}`}
            {...form.getInputProps(`counts.${type}`)}
          />
        ))}
      </Group>
      {form.errors.counts && (
        <Text c="red" fz="sm" data-testid="paper-counts-error">
          {form.errors.counts}
        </Text>
      )}
      <Text fw={500} mt="sm">
        {t('papers.form.rules')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('papers.form.rulesHint')}
      </Text>
      {values.rules.length > 0 && (
        <Table withTableBorder data-testid="paper-rules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('papers.form.ruleType')}</Table.Th>
              <Table.Th>{t('papers.form.ruleCategory')}</Table.Th>
              <Table.Th>{t('papers.form.ruleDifficulty')}</Table.Th>
              <Table.Th>{t('papers.form.ruleCount')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.rules.map((rule, index) => {
              const available = ruleAvailable(rule, stats);
              return (
                <Table.Tr key={index}>
                  <Table.Td>
                    <Select
                      aria-label={t('papers.form.ruleType')}
                      data={typeOptions}
                      allowDeselect={false}
                      w={130}
                      {...form.getInputProps(`rules.${index}.type`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('papers.form.ruleCategory')}
                      placeholder={t('papers.form.anyCategory')}
                      data={categories}
                      clearable
                      w={200}
                      data-testid={`paper-rule-category-${index}`}
                      {...form.getInputProps(`rules.${index}.category_id`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('papers.form.ruleDifficulty')}
                      placeholder={t('papers.form.anyDifficulty')}
                      data={['1', '2', '3', '4', '5']}
                      clearable
                      w={120}
                      {...form.getInputProps(`rules.${index}.difficulty`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('papers.form.ruleCount')}
                      min={1}
                      allowDecimal={false}
                      w={100}
                      description={
                        available !== null ? t('papers.form.ruleAvailable', { n: available }) : undefined
                      }
                      data-testid={`paper-rule-count-${index}`}
                      {...form.getInputProps(`rules.${index}.count`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('papers.form.removeRule')}
                      onClick={() => form.removeListItem('rules', index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            form.insertListItem('rules', {
              type: 'single_choice',
              category_id: null,
              difficulty: null,
              count: 1,
            })
          }
          data-testid="paper-add-rule"
        >
          {t('papers.form.addRule')}
        </Button>
      </Group>
    </Stack>
  );
}
