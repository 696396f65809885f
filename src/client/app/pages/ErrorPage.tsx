import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { useT } from '../../lib/i18n/index.ts';
import { stepBack } from '../in-app-history.ts';

interface ErrorPageProps {
  code: 404 | 401;
  /** The home of the side the page is shown in: the portal, or the back office's /manage/index. */
  homeHref?: string;
}

/** The real 404 and 401 pages; also what an unbuilt, unknown or not granted page renders. */
export function ErrorPage({ code, homeHref = '/' }: ErrorPageProps) {
  const t = useT();
  const [, navigate] = useLocation();
  const isNotFound = code === 404;
  // A page opened directly has nothing of the app to step back to: back then goes home.
  const back = () => stepBack(navigate, homeHref);
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
          <Button variant="default" onClick={back}>
            {t('common.back')}
          </Button>
          <Button component={Link} href={homeHref}>
            {t('common.backHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

export const NotFoundPage = ({ homeHref }: { homeHref?: string }) => (
  <ErrorPage code={404} homeHref={homeHref} />
);
export const UnauthorizedPage = ({ homeHref }: { homeHref?: string }) => (
  <ErrorPage code={401} homeHref={homeHref} />
);
