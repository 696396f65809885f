// The lesson page's heartbeats (logic/heartbeats.ts) sent through the outbox, and the progress the server
// answers with. An anonymous free preview has no session: nothing is sent and no progress is shown.
import { useEffect, useRef, useState } from 'react';
import { sendHeartbeat, type LessonProgressView, type PlayAnswer } from './api.ts';
import { createHeartbeats, type Heartbeats } from './logic/heartbeats.ts';

export interface LessonProgress {
  /** What the server last said (null for an anonymous preview). */
  progress: LessonProgressView | null;
  /** The heartbeats of this page's session (null without a session). */
  beats: Heartbeats | null;
  /** The last heartbeat waits on this device for the network (the outbox replays it). */
  savedOnDevice: boolean;
}

/** Call from a component keyed by the play answer: its session's heartbeats live as long as it does. */
export function useLessonProgress(
  play: PlayAnswer,
  serverOffsetMs: number,
  position: () => number,
): LessonProgress {
  const [progress, setProgress] = useState<LessonProgressView | null>(play.progress);
  const [savedOnDevice, setSavedOnDevice] = useState(false);
  const positionRef = useRef(position);
  positionRef.current = position;
  const alive = useRef(true);
  // Made with the first render, so the player's own effects (which run first) find them.
  const [beats] = useState<Heartbeats | null>(() => {
    const sessionId = play.session_id;
    if (!sessionId) return null;
    const lessonId = play.lesson.id;
    return createHeartbeats({
      sessionId,
      intervalMs: play.heartbeat_seconds * 1000,
      duration: play.lesson.duration_seconds,
      serverOffsetMs,
      position: () => positionRef.current(),
      send: (body) => {
        sendHeartbeat(lessonId, body)
          .then((outcome) => {
            // A queued heartbeat (offline) is replayed later; its answer is nobody's.
            if (!alive.current) return;
            setSavedOnDevice(outcome.status === 'queued');
            if (outcome.status === 'sent') setProgress(outcome.result.progress);
          })
          // A refused heartbeat (e.g. the session ended) is not the learner's to fix; playback goes on.
          .catch(() => undefined);
      },
    });
  });

  useEffect(() => {
    alive.current = true;
    if (!beats) return;
    // Leaving the page (closing it, switching apps on a phone): the position reached so far.
    const onPageHide = () => beats.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') beats.flush();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      beats.stopped();
      beats.dispose();
      alive.current = false;
    };
  }, [beats]);

  return { progress, beats, savedOnDevice };
}
