// The kit's one way to load a page of a `{data, meta}` list endpoint. Every back-office list page reads
// through here, so moving them all to another data layer is an edit of this file only.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { ListResponse } from '../../../shared/api/errors.ts';

export interface ListData<T> {
  rows: T[];
  total: number;
  loading: boolean;
  /** Why the last load failed (the API client has already toasted it); null after a success. */
  error: string | null;
  reload: () => void;
}

/**
 * Loads `fetchPage(query)` and loads again whenever the query changes by value (or on `reload`). An answer
 * that arrives after a newer request was made is dropped, so a fast typist never sees an older filter's rows.
 */
export function useListData<T, Q>(fetchPage: (query: Q) => Promise<ListResponse<T>>, query: Q): ListData<T> {
  const [state, setState] = useState<Omit<ListData<T>, 'reload'>>({
    rows: [],
    total: 0,
    loading: true,
    error: null,
  });
  const [version, setVersion] = useState(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const queryRef = useRef(query);
  queryRef.current = query;
  const latest = useRef(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    const request = ++latest.current;
    setState((current) =>
      current.loading && current.error === null ? current : { ...current, loading: true, error: null },
    );
    fetchRef.current(queryRef.current).then(
      (answer) => {
        if (request !== latest.current) return;
        // A long list renders as a transition: built in slices instead of one long task.
        startTransition(() =>
          setState({ rows: answer.data, total: answer.meta.total, loading: false, error: null }),
        );
      },
      (failure: unknown) => {
        if (request !== latest.current) return;
        setState((current) => ({
          ...current,
          loading: false,
          error: failure instanceof Error ? failure.message : String(failure),
        }));
      },
    );
  }, [key, version]);

  // Unmounted: whatever is still on its way is not for this list any more.
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
