import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n/index.ts';

interface ErrorPageProps {
  code: 404 | 401;
}

/** The real 404 and 401 pages; also what an unbuilt or unknown page renders. */
export function ErrorPage({ code }: ErrorPageProps) {
  const t = useT();
  const isNotFound = code === 404;
  return (
    <Center mih="60vh" p="xl" data-testid={`error-page-${code}`}>
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} c="brand.6" fz={72} lh={1}>
          {code}
        </Title>
        <Title order={2} fz="xl">
          {isNotFound ? t('common.notFoundTitle') : t('common.unauthorizedTitle')}
        </Title>
        <Text c="dimmed" ta="center">
          {isNotFound ? t('common.notFoundText') : t('common.unauthorizedText')}
        </Text>
        <Group mt="md">
          <Button variant="default" onClick={() => history.back()}>
            {t('common.back')}
          </Button>
          <Button component={Link} href="/">
            {t('common.backHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

export const NotFoundPage = () => <ErrorPage code={404} />;
export const UnauthorizedPage = () => <ErrorPage code={401} />;
