// The native <video> (HTTP range streaming from the media URL) with Mantine controls: play/pause, a seek
// slider that keeps "no seeking ahead", time, speed, volume and fullscreen, the keyboard, and a hint to let
// the video buffer on a slow network. It resumes where the learner left off and reports play/pause/seek
// to the heartbeats.
import { ActionIcon, Alert, Box, Button, Group, NativeSelect, Slider, Text } from '@mantine/core';
// Icons the app already draws elsewhere: every icon joins the one icon chunk of every first load.
import { IconMaximize, IconMinimize, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import {
  SPEEDS,
  StallCounter,
  advanceFurthest,
  clockText,
  guardSeek,
  isSlowConnection,
  keyAction,
  stepSpeed,
  type ConnectionHint,
} from '../logic/player.ts';
import type { Heartbeats } from '../logic/heartbeats.ts';

export interface VideoPlayerProps {
  src: string;
  poster: string | null;
  /** The lesson's length (seconds) until the video's own is known. */
  duration: number;
  noSeekAhead: boolean;
  /** Where to start (the last position), and the furthest point watched so far. */
  startAt: number;
  furthest: number;
  beats: Heartbeats | null;
  /** The position as the heartbeats read it. */
  positionRef: { current: number };
}

/** Where playback resumes: the last position, unless the lesson was watched to (nearly) its end. */
export function resumePosition(position: number, duration: number): number {
  if (!Number.isFinite(position) || position <= 0) return 0;
  return duration > 0 && position >= duration - 3 ? 0 : position;
}

function connectionOf(): ConnectionHint | undefined {
  // navigator.connection: Chromium-only, absent from the DOM types.
  const nav: Navigator & { connection?: ConnectionHint } = navigator;
  return nav.connection;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.tagName === 'BUTTON'
  );
}

export function VideoPlayer({
  src,
  poster,
  duration: lessonDuration,
  noSeekAhead,
  startAt,
  furthest: initialFurthest,
  beats,
  positionRef,
}: VideoPlayerProps) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(startAt);
  const [dragging, setDragging] = useState<number | null>(null);
  const [duration, setDuration] = useState(lessonDuration);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [rate, setRate] = useState(1);
  const [fullscreen, setFullscreen] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [slowHint, setSlowHint] = useState(() => isSlowConnection(connectionOf()));
  const [hintClosed, setHintClosed] = useState(false);
  const furthestRef = useRef(Math.max(initialFurthest, 0));
  const lastTimeRef = useRef(startAt);
  const [stalls] = useState(() => new StallCounter());

  const seek = (target: number) => {
    const video = videoRef.current;
    if (!video) return;
    const verdict = guardSeek(target, { duration, furthest: furthestRef.current, noSeekAhead });
    setBlocked(!verdict.allowed);
    if (!verdict.allowed && verdict.to >= video.currentTime) return;
    // The position reached before the jump is reported first, so the server credits what was watched.
    beats?.flush();
    video.currentTime = verdict.to;
    lastTimeRef.current = verdict.to;
    positionRef.current = verdict.to;
    setCurrent(verdict.to);
  };

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  };

  const changeVolume = (value: number) => {
    const video = videoRef.current;
    const next = Math.min(1, Math.max(0, Math.round(value * 100) / 100));
    setVolume(next);
    setMuted(next === 0);
    if (video) {
      video.volume = next;
      video.muted = next === 0;
    }
  };

  const changeRate = (next: number) => {
    setRate(next);
    if (videoRef.current) videoRef.current.playbackRate = next;
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void boxRef.current?.requestFullscreen?.().catch(() => undefined);
  };

  // Handlers read the latest state through a ref: the listener is added once.
  const keyRef = useRef<(event: KeyboardEvent) => void>(() => undefined);
  keyRef.current = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const action = keyAction(event.key);
    const video = videoRef.current;
    if (!action || !video) return;
    event.preventDefault();
    if (action.kind === 'toggle') toggle();
    else if (action.kind === 'seekBy') seek(video.currentTime + action.seconds);
    else if (action.kind === 'volumeBy') changeVolume((muted ? 0 : volume) + action.delta);
    else if (action.kind === 'fullscreen') toggleFullscreen();
    else changeRate(stepSpeed(rate, action.direction));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyRef.current(event);
    const onFullscreen = () => setFullscreen(document.fullscreenElement === boxRef.current);
    document.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, []);

  const video = (
    <video
      ref={videoRef}
      src={src}
      poster={poster ?? undefined}
      preload="metadata"
      playsInline
      onClick={toggle}
      style={{ width: '100%', height: '100%', display: 'block', background: '#000', objectFit: 'contain' }}
      data-testid="lesson-video"
      onLoadedMetadata={(event) => {
        const element = event.currentTarget;
        if (Number.isFinite(element.duration) && element.duration > 0) setDuration(element.duration);
        if (startAt > 0) element.currentTime = startAt;
        element.playbackRate = rate;
      }}
      onPlay={() => {
        setPlaying(true);
        beats?.playing();
      }}
      onPause={() => {
        setPlaying(false);
        beats?.stopped();
      }}
      onEnded={() => {
        setPlaying(false);
        beats?.stopped();
      }}
      onTimeUpdate={(event) => {
        const now = event.currentTarget.currentTime;
        furthestRef.current = advanceFurthest(furthestRef.current, lastTimeRef.current, now, rate);
        lastTimeRef.current = now;
        positionRef.current = now;
        setCurrent(now);
      }}
      onWaiting={(event) => {
        if (!event.currentTarget.paused && stalls.stall(Date.now())) setSlowHint(true);
      }}
    />
  );

  const shown = dragging ?? current;
  return (
    <Box>
      <Box
        ref={boxRef}
        pos="relative"
        bg="black"
        style={{ aspectRatio: fullscreen ? undefined : '16 / 9', height: fullscreen ? '100%' : undefined }}
        data-testid="lesson-player"
        data-playing={playing ? '1' : '0'}
      >
        <Box style={{ position: 'absolute', inset: '0 0 56px 0' }}>{video}</Box>
        <Box
          pos="absolute"
          bottom={0}
          left={0}
          right={0}
          px="xs"
          pb={6}
          style={{ background: 'linear-gradient(transparent, rgba(0,0,0,.75))' }}
        >
          <Slider
            size="sm"
            min={0}
            max={Math.max(1, duration)}
            step={0.5}
            value={Math.min(shown, duration)}
            label={(value) => clockText(value)}
            onChange={setDragging}
            onChangeEnd={(value) => {
              setDragging(null);
              seek(value);
            }}
            aria-label={t('learning.player.seek')}
            data-testid="player-seek"
          />
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Group gap={6} wrap="nowrap">
              <ActionIcon
                variant="transparent"
                color="white"
                onClick={toggle}
                aria-label={playing ? t('learning.player.pause') : t('learning.player.play')}
                data-testid="player-toggle"
              >
                {playing ? <IconPlayerPause size={20} /> : <IconPlayerPlay size={20} />}
              </ActionIcon>
              <Text fz="xs" c="white" ff="monospace" data-testid="player-time">
                {clockText(shown)} / {clockText(duration)}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <Button
                variant="transparent"
                color="white"
                size="compact-xs"
                px={4}
                onClick={() => changeVolume(muted || volume === 0 ? 1 : 0)}
                aria-label={muted ? t('learning.player.unmute') : t('learning.player.mute')}
                aria-pressed={muted}
                data-testid="player-mute"
              >
                {muted ? t('learning.player.muted') : t('learning.player.sound')}
              </Button>
              <Slider
                w={70}
                size="xs"
                min={0}
                max={1}
                step={0.05}
                value={muted ? 0 : volume}
                onChange={changeVolume}
                label={null}
                visibleFrom="sm"
                color="gray"
                aria-label={t('learning.player.volume')}
              />
              <NativeSelect
                size="xs"
                w={72}
                value={String(rate)}
                onChange={(event) => changeRate(Number(event.currentTarget.value))}
                data={SPEEDS.map((speed) => ({ value: String(speed), label: `${speed}×` }))}
                aria-label={t('learning.player.speed')}
                data-testid="player-speed"
              />
              <ActionIcon
                variant="transparent"
                color="white"
                onClick={toggleFullscreen}
                aria-label={t('learning.player.fullscreen')}
              >
                {fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
              </ActionIcon>
            </Group>
          </Group>
        </Box>
      </Box>
      {blocked && (
        <Alert
          mt="xs"
          color="orange"
          withCloseButton
          onClose={() => setBlocked(false)}
          data-testid="player-seek-blocked"
        >
          {t('learning.player.noSeekAhead')}
        </Alert>
      )}
      {slowHint && !hintClosed && (
        <Alert
          mt="xs"
          color="blue"
          withCloseButton
          onClose={() => setHintClosed(true)}
          data-testid="player-slow-hint"
        >
          {t('learning.player.slowHint')}
        </Alert>
      )}
      <Text fz="xs" c="dimmed" mt={4} visibleFrom="sm">
        {t('learning.player.keys')}
      </Text>
    </Box>
  );
}
