// The head teacher's check-in panel: a big QR code of the session's check-in link, asked again when its
// 30-second window ends (the server signs each window's code), a countdown to the next one, and a full-screen
// view for a projector. Shown only while the session's check-in is open.
import { Alert, Box, Button, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { fetchCheckInCode, type CheckInCode } from '../api.ts';

const RETRY_MS = 5_000;

interface Shown {
  code: CheckInCode;
  qr: string;
  /** server clock − device clock, so the countdown follows the server's windows. */
  offsetMs: number;
}

export function CheckInPanel({ sessionId, title }: { sessionId: number; title: string }) {
  const t = useT();
  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [fullscreen, setFullscreen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const code = await fetchCheckInCode(sessionId);
        const { default: QRCode } = await import('qrcode');
        const qr = await QRCode.toDataURL(code.link, { width: 480, margin: 1, errorCorrectionLevel: 'M' });
        if (cancelled) return;
        const offsetMs = Date.parse(code.server_now) - Date.now();
        setShown({ code, qr, offsetMs });
        setFailed(false);
        const wait = Date.parse(code.expires_at) - (Date.now() + offsetMs);
        timer = setTimeout(() => void load(), Math.max(1_000, wait + 250));
      } catch {
        if (cancelled) return;
        setFailed(true);
        timer = setTimeout(() => void load(), RETRY_MS);
      }
    };
    void load();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sessionId]);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    const onChange = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      clearInterval(tick);
      document.removeEventListener('fullscreenchange', onChange);
    };
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void box.current?.requestFullscreen?.();
  };
  const secondsLeft = shown
    ? Math.max(0, Math.ceil((Date.parse(shown.code.expires_at) - (now + shown.offsetMs)) / 1000))
    : null;
  const size = fullscreen ? 'min(80vh, 80vw)' : 260;

  return (
    <Paper withBorder p="md" radius="md" data-testid="check-in-panel">
      <Box ref={box} bg="white" p={fullscreen ? 'xl' : 0} h={fullscreen ? '100%' : undefined}>
        <Stack gap="sm" align="center" justify="center" h={fullscreen ? '100%' : undefined}>
          <Group justify="space-between" w="100%">
            <Title order={2} fz={fullscreen ? 'xl' : 'md'}>
              {t('attendance.checkIn.title')}
              {fullscreen ? ` · ${title}` : ''}
            </Title>
            <Button
              size="xs"
              variant="light"
              leftSection={fullscreen ? <IconMinimize size={14} /> : <IconMaximize size={14} />}
              onClick={toggleFullscreen}
              data-testid="check-in-fullscreen"
            >
              {fullscreen ? t('attendance.checkIn.exitFullscreen') : t('attendance.checkIn.fullscreen')}
            </Button>
          </Group>
          {shown ? (
            <Image
              src={shown.qr}
              alt={t('attendance.checkIn.title')}
              w={size}
              h={size}
              fit="contain"
              data-testid="check-in-qr"
              data-link={shown.code.link}
            />
          ) : (
            <Center h={260}>
              <Loader />
            </Center>
          )}
          {secondsLeft !== null && (
            <Text fz={fullscreen ? 'xl' : 'sm'} fw={600} data-testid="check-in-countdown">
              {t('attendance.checkIn.countdown', { seconds: secondsLeft })}
            </Text>
          )}
          <Text fz="xs" c="dimmed" ta="center" maw={420}>
            {t('attendance.checkIn.hint')}
          </Text>
          {failed && (
            <Alert color="orange" py={6} data-testid="check-in-failed">
              {t('attendance.checkIn.failed')}
            </Alert>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}
