// The create/edit panel asks before unsaved input is thrown away; a destructive action is confirmed
// first, runs from the dialog, and a refusal keeps the dialog open with the reason.
import { Button, MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormDrawer } from '../../../../../src/client/lib/kit/FormDrawer.tsx';
import { useConfirmAction } from '../../../../../src/client/lib/kit/use-confirm-action.tsx';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

beforeEach(() => setLanguage('zh'));
afterEach(cleanup);

function Panel({ dirty, onClose }: { dirty: boolean; onClose: () => void }) {
  return (
    <MantineProvider env="test">
      <FormDrawer
        opened
        title="编辑考场"
        form={{ isDirty: () => dirty }}
        onClose={onClose}
        onSubmit={() => {}}
        submitTestId="save"
      >
        <input data-testid="field" />
      </FormDrawer>
    </MantineProvider>
  );
}

describe('FormDrawer', () => {
  it('closes at once when nothing was changed', () => {
    const onClose = vi.fn();
    render(<Panel dirty={false} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('form-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('放弃未保存的修改？')).toBeNull();
  });

  it('asks before throwing unsaved input away, and stays open when the user keeps editing', async () => {
    const onClose = vi.fn();
    render(<Panel dirty onClose={onClose} />);
    fireEvent.click(screen.getByTestId('form-cancel'));
    expect(await screen.findByText('放弃未保存的修改？')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('form-cancel'));
    fireEvent.click(await screen.findByTestId('discard-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

function DeletePage({ run }: { run: () => Promise<void> }) {
  const confirm = useConfirmAction();
  const [done, setDone] = useState(false);
  return (
    <MantineProvider env="test">
      <Button
        onClick={() =>
          confirm.ask({
            title: '删除考场',
            message: '确定删除 101 考场？',
            color: 'red',
            confirmTestId: 'confirm-delete',
            run: async () => {
              await run();
              setDone(true);
            },
          })
        }
      >
        删除
      </Button>
      {done && <span>已删除</span>}
      {confirm.dialog}
    </MantineProvider>
  );
}

describe('useConfirmAction', () => {
  it('runs the action only once confirmed', async () => {
    const run = vi.fn(async () => {});
    render(<DeletePage run={run} />);
    fireEvent.click(screen.getByText('删除'));
    expect(await screen.findByText('确定删除 101 考场？')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-delete'));
    expect(await screen.findByText('已删除')).toBeTruthy();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog open with the reason when the action is refused', async () => {
    render(<DeletePage run={() => Promise.reject(new Error('考场已被使用，不能删除'))} />);
    fireEvent.click(screen.getByText('删除'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect((await screen.findByTestId('confirm-error')).textContent).toBe('考场已被使用，不能删除');
    expect(screen.queryByText('已删除')).toBeNull();
  });
});
