// A list page's create/edit panel: closed at first, opened for a new record or a row, closed on cancel,
// and closed after a save, with the page's follow-up run; the add button opens it.
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddButton } from '../../../../../src/client/lib/kit/AddButton.tsx';
import { useEditing } from '../../../../../src/client/lib/kit/use-editing.ts';

afterEach(cleanup);

interface Site {
  id: number;
  name: string;
}

describe('useEditing', () => {
  it('holds nothing, then a new record, then a row, and closes', () => {
    const { result } = renderHook(() => useEditing<Site>());
    expect(result.current.value).toBeNull();
    act(() => result.current.add());
    expect(result.current.value).toBe('new');
    const site = { id: 3, name: '滨海考点' };
    act(() => result.current.edit(site));
    expect(result.current.value).toBe(site);
    act(() => result.current.close());
    expect(result.current.value).toBeNull();
  });

  it('closes after a save and then runs what the page does next', () => {
    const { result } = renderHook(() => useEditing<Site>());
    act(() => result.current.add());
    const reload = vi.fn();
    act(() => result.current.saved(reload)());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(result.current.value).toBeNull();
  });

  it('keeps a row that is itself a function as the value, without calling it', () => {
    const row = vi.fn(() => 'called');
    const { result } = renderHook(() => useEditing<() => string>());
    act(() => result.current.edit(row));
    expect(result.current.value).toBe(row);
    expect(row).not.toHaveBeenCalled();
  });
});

describe('AddButton', () => {
  it('opens the panel, and does nothing while disabled', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <MantineProvider env="test">
        <AddButton onClick={onClick} testId="site-add">
          新增考点
        </AddButton>
      </MantineProvider>,
    );
    const button = screen.getByTestId('site-add');
    expect(button.textContent).toBe('新增考点');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <MantineProvider env="test">
        <AddButton onClick={onClick} disabled testId="site-add">
          新增考点
        </AddButton>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByTestId('site-add'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
