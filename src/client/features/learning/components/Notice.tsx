import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';

/** A page's message instead of its content (not found, log in, not bought) with where to go from it. */
export function Notice({
  color,
  testId,
  text,
  href,
  label,
  light = true,
}: {
  color: string;
  testId: string;
  text: string;
  href: string;
  label: string;
  light?: boolean;
}) {
  return (
    <Alert color={color} data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text>{text}</Text>
        <Button component={Link} href={href} size="xs" variant={light ? 'light' : 'filled'}>
          {label}
        </Button>
      </Stack>
    </Alert>
  );
}
