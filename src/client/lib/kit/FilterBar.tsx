// The filter bar above a back-office list: fields bound by name to the list's filters (kept in the URL by
// list-state.ts), optional search and reset buttons, and the page's own actions on the right. A text field
// applies what is typed once the typing settles (or on Enter, or the search button); selects apply at once.
// Each change goes back to page 1.
import {
  Button,
  Group,
  Paper,
  Select,
  TextInput,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/index.ts';
import type { FilterValues, ListState } from './list-state.ts';

type AnyListState = Pick<ListState<string>, 'query' | 'setFilters' | 'reset' | 'filtered'> & {
  reload?: () => void;
};

interface FilterBarContext {
  values: FilterValues<string>;
  set: (name: string, value: string) => void;
  /** Several filters in one change (a range's two ends). */
  setMany: (patch: Record<string, string>) => void;
  /** Text fields register how to apply their pending input at once (the search button). */
  pending: Map<string, () => void>;
}

const Context = createContext<FilterBarContext | null>(null);

function useFilterBar(): FilterBarContext {
  const context = useContext(Context);
  if (!context) throw new Error('A filter field must be inside a FilterBar.');
  return context;
}

export interface FilterBarProps<K extends string> {
  list: Pick<ListState<K>, 'query' | 'setFilters' | 'reset' | 'filtered'> & { reload?: () => void };
  children: ReactNode;
  /** The page's own buttons (add, batch actions), at the right end of the bar. */
  actions?: ReactNode;
  /** A search button: applies typed text at once and loads again. */
  withSearch?: boolean;
  /** A reset button: back to the default filters. */
  withReset?: boolean;
  /** In a bordered box (filters with labels) rather than a plain row. */
  framed?: boolean;
  resetLabel?: string;
  'data-testid'?: string;
  resetTestId?: string;
}

export function FilterBar<K extends string>({
  list,
  children,
  actions,
  withSearch = false,
  withReset = false,
  framed = false,
  resetLabel,
  'data-testid': testId,
  resetTestId = 'filter-reset',
}: FilterBarProps<K>) {
  const t = useT();
  const anyList = list as unknown as AnyListState;
  const pending = useRef(new Map<string, () => void>()).current;
  // A reset rebuilds the fields, so half-typed text goes too.
  const [generation, setGeneration] = useState(0);
  const context: FilterBarContext = {
    values: anyList.query.filters,
    set: (name, value) => anyList.setFilters({ [name]: value }),
    setMany: (patch) => anyList.setFilters(patch),
    pending,
  };
  const fields = (
    <Group gap="sm" align="flex-end" wrap="wrap" key={generation} data-testid={testId}>
      {children}
      {withSearch && (
        <Button
          leftSection={<IconSearch size={16} />}
          onClick={() => {
            for (const apply of pending.values()) apply();
            anyList.reload?.();
          }}
          data-testid="filter-search"
        >
          {t('common.kit.search')}
        </Button>
      )}
      {withReset && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          disabled={!anyList.filtered}
          onClick={() => {
            anyList.reset();
            setGeneration((g) => g + 1);
          }}
          data-testid={resetTestId}
        >
          {resetLabel ?? t('common.kit.reset')}
        </Button>
      )}
    </Group>
  );
  const bar = actions ? (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      {fields}
      <Group gap="sm">{actions}</Group>
    </Group>
  ) : (
    fields
  );
  return (
    <Context.Provider value={context}>
      {framed ? (
        <Paper withBorder p="md" radius="md">
          {bar}
        </Paper>
      ) : (
        bar
      )}
    </Context.Provider>
  );
}

export interface FilterTextProps extends Omit<TextInputProps, 'value' | 'onChange' | 'name'> {
  name: string;
  /** How long typing must pause before the list follows (ms). */
  debounceMs?: number;
  'data-testid'?: string;
}

/** A text filter (keyword search), applied trimmed once typing settles, on Enter, or by the search button. */
export function FilterText({ name, debounceMs = 400, onKeyDown, ...props }: FilterTextProps) {
  const { values, set, pending } = useFilterBar();
  const applied = values[name] ?? '';
  const [draft, setDraft] = useState(applied);
  const [settled] = useDebouncedValue(draft.trim(), debounceMs);
  // The applied value changed from outside (back button, a tag switched back to): show it.
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    if (draft.trim() !== applied) setDraft(applied);
  }
  const apply = (value: string) => {
    if (value !== applied) set(name, value);
  };
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const draftRef = useRef(draft);
  draftRef.current = draft;
  useEffect(() => {
    if (settled !== applied) applyRef.current(settled);
    // Only settled typing applies; a value applied from elsewhere must not be undone by an old draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  useEffect(() => {
    pending.set(name, () => applyRef.current(draftRef.current.trim()));
    return () => {
      pending.delete(name);
    };
  }, [name, pending]);
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      {...props}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply(draft.trim());
        onKeyDown?.(event);
      }}
    />
  );
}

export interface FilterSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'name'> {
  name: string;
  'data-testid'?: string;
}

/** A choice filter; clearing it means "any". */
export function FilterSelect({ name, ...props }: FilterSelectProps) {
  const { values, set } = useFilterBar();
  return (
    <Select clearable {...props} value={values[name] || null} onChange={(value) => set(name, value ?? '')} />
  );
}

/** Any other control bound to one filter (a segmented control, a switch): it gets the value and a setter. */
export function FilterField({
  name,
  children,
}: {
  name: string;
  children: (value: string, set: (value: string) => void) => ReactNode;
}) {
  const { values, set } = useFilterBar();
  return <>{children(values[name] ?? '', (value) => set(name, value))}</>;
}

/** For fields of their own kind (FilterDateRange): the bar's filters and their setter. */
export { useFilterBar };
