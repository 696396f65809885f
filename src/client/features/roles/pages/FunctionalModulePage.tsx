// /manage/settingManage/functionalModule: the six systems and their main features, each with a switch.
// Switching a whole system off asks first; menus follow on the next navigation.
import { Badge, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import type { FunctionalModule } from '../../../../shared/menus/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchModules, setModule } from '../api.ts';

export default function FunctionalModulePage() {
  const t = useT();
  const modules = useRead({ key: 'functional-modules', fetch: fetchModules });
  const confirm = useConfirmAction();
  const write = useWrite((m: { key: string; enabled: boolean }) => setModule(m.key, m.enabled), {
    invalidates: ['functional-modules'],
    onDone: () => toastSuccess(t('roles.modules.saved')),
  });
  const toggle = (m: FunctionalModule, enabled: boolean) => {
    if (!enabled && m.kind === 'system')
      confirm.ask({
        title: t('roles.modules.off'),
        message: t('roles.modules.confirmOff', { name: m.name }),
        confirmLabel: t('roles.modules.off'),
        color: 'orange',
        run: async () => {
          await write.run({ key: m.key, enabled });
        },
      });
    else void write.run({ key: m.key, enabled }).catch(() => undefined);
  };
  const rows = modules.data ?? [];
  const systems = [...new Set(rows.map((m) => m.system))];

  return (
    <Stack gap="md" data-testid="functional-module-page">
      <Title order={1} fz="lg">
        {t('roles.modules.title')}
      </Title>
      {modules.loading && <Loader size="sm" />}
      {systems.map((system) => (
        <Card key={system} withBorder>
          <Stack gap="xs">
            {rows
              .filter((m) => m.system === system)
              .map((m) => (
                <Group key={m.key} justify="space-between">
                  <Group gap="xs">
                    <Text fw={m.kind === 'system' ? 600 : 400}>{m.name}</Text>
                    {m.kind === 'system' && <Badge variant="light">{t('roles.modules.system')}</Badge>}
                  </Group>
                  <Switch
                    checked={m.enabled}
                    disabled={write.running}
                    aria-label={m.name}
                    onChange={(e) => toggle(m, e.currentTarget.checked)}
                    data-testid={`module-switch-${m.key}`}
                  />
                </Group>
              ))}
          </Stack>
        </Card>
      ))}
      {confirm.dialog}
    </Stack>
  );
}
