// When the lesson page tells the server what was watched (issue 23, "Honest progress"): every
// `heartbeat_seconds` while the video plays, and once more when it pauses, ends, seeks away or the page is
// hidden. Each heartbeat carries the session, a sequence number rising from 1, the position and when it was
// recorded on the server's clock as the device knows it (its clock plus the offset the play answer gave), so
// a heartbeat replayed later from the outbox still says when it was recorded. The server credits from them.
// Sending (the outbox) is the caller's.

export interface HeartbeatBody {
  session_id: string;
  seq: number;
  position: number;
  recorded_at: string;
  playing: boolean;
}

export interface HeartbeatOptions {
  sessionId: string;
  intervalMs: number;
  /** The player's position now (seconds). */
  position: () => number;
  /** The lesson's length: positions are kept inside it. */
  duration: number;
  send: (body: HeartbeatBody) => void;
  /** The server's clock minus the device's (ms), from the play answer's server_now. */
  serverOffsetMs?: number;
  now?: () => Date;
}

export interface Heartbeats {
  /** Playback started or resumed: heartbeats every interval from now. */
  playing: () => void;
  /** Playback paused or ended: one heartbeat that says so, and no more until it plays again. */
  stopped: () => void;
  /** Before a seek or when the page is hidden: the position reached so far, while still playing. */
  flush: () => void;
  /** The page is gone: no more heartbeats. */
  dispose: () => void;
  /** Heartbeats sent so far. */
  readonly sent: number;
}

export function createHeartbeats(options: HeartbeatOptions): Heartbeats {
  let seq = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let disposed = false;

  const beat = (playing: boolean) => {
    if (disposed) return;
    seq += 1;
    const raw = options.position();
    const position =
      Math.round(Math.min(options.duration, Math.max(0, Number.isFinite(raw) ? raw : 0)) * 1000) / 1000;
    const device = (options.now?.() ?? new Date()).getTime();
    options.send({
      session_id: options.sessionId,
      seq,
      position,
      recorded_at: new Date(device + (options.serverOffsetMs ?? 0)).toISOString(),
      playing,
    });
  };

  const clear = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    playing() {
      if (disposed || timer !== null) return;
      timer = setInterval(() => beat(true), options.intervalMs);
    },
    stopped() {
      if (timer === null) return;
      clear();
      beat(false);
    },
    flush() {
      if (timer !== null) beat(true);
    },
    dispose() {
      clear();
      disposed = true;
    },
    get sent() {
      return seq;
    },
  };
}
