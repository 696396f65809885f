// useWrite(send, options): the one write hook of the client. `run(input)` sends, tracks `running`, and
// once the server accepted the write asks again the reads it makes out of date (`invalidates`, by key
// prefix, lib/data/invalidate.ts). It rejects as `send` does, so a form can map a 422's field errors;
// the API client has already shown the toast. A write that must survive a dropped connection passes a
// `send` built on the outbox (lib/offline/outbox.ts sendWrite): queued, replayed, never applied twice.
import { useCallback, useEffect, useRef, useState } from 'react';
import { invalidate } from './invalidate.ts';

export interface WriteOptions<I, R> {
  /** Key prefixes of the reads to ask again after the write; a function decides from the answer. */
  invalidates?: readonly string[] | ((result: R, input: I) => readonly string[]);
  /** Runs after the write succeeded (a toast, closing a drawer), before the reads are asked again. */
  onDone?: (result: R, input: I) => void;
}

export interface WriteState<I, R> {
  /** Sends the write; resolves with the answer, rejects with the failure. */
  run: (input: I) => Promise<R>;
  /** A write is running (one or more). */
  running: boolean;
  /** The last write's failure, null after a success. */
  error: unknown;
}

export function useWrite<I = void, R = unknown>(
  send: (input: I) => Promise<R>,
  options: WriteOptions<I, R> = {},
): WriteState<I, R> {
  const sendRef = useRef(send);
  sendRef.current = send;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [state, setState] = useState<{ running: number; error: unknown }>({ running: 0, error: null });
  // A view closed while its write ran (a drawer) gets no state change; the write itself goes on.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (input: I): Promise<R> => {
    if (mounted.current) setState((s) => ({ ...s, running: s.running + 1 }));
    try {
      const result = await sendRef.current(input);
      if (mounted.current) setState((s) => ({ running: s.running - 1, error: null }));
      const { invalidates, onDone } = optionsRef.current;
      onDone?.(result, input);
      const prefixes = typeof invalidates === 'function' ? invalidates(result, input) : invalidates;
      if (prefixes && prefixes.length > 0) invalidate(...prefixes);
      return result;
    } catch (error) {
      if (mounted.current) setState((s) => ({ running: s.running - 1, error }));
      throw error;
    }
  }, []);

  return { run, running: state.running > 0, error: state.error };
}
