import { Button, MantineProvider, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSchemaForm, type SubmitOptions } from '../../../../../src/client/lib/forms/use-schema-form.ts';
import { z } from '../../../../../src/shared/api/zod.ts';

const nameSchema = z.object({ name: z.string().trim().min(1, '请输入名称') });
type NameSchema = typeof nameSchema;

/** A loader the test settles by hand, counting its calls. */
function manualLoader() {
  const calls: { resolve: (schema: NameSchema) => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<NameSchema>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  const callAt = (index: number) => {
    const call = calls[index];
    if (!call) throw new Error(`the loader was not called ${index + 1} times`);
    return call;
  };
  return { load, callAt };
}

function NameForm({
  load,
  send,
  onError,
}: {
  load: () => Promise<NameSchema>;
  send: (values: { name: string }, input: z.output<NameSchema>) => Promise<unknown>;
  onError?: SubmitOptions['onError'];
}) {
  const { form, handleSubmit } = useSchemaForm<{ name: string }, NameSchema>({
    mode: 'controlled',
    initialValues: { name: '' },
    schema: load,
  });
  return (
    <form onSubmit={handleSubmit(send, { onError })} noValidate>
      <TextInput label="名称" data-testid="name" {...form.getInputProps('name')} />
      <Button type="submit" data-testid="save">
        保存
      </Button>
    </form>
  );
}

const renderForm = (props: Parameters<typeof NameForm>[0]) =>
  render(
    <MantineProvider>
      <NameForm {...props} />
    </MantineProvider>,
  );

describe('useSchemaForm with a schema loader', () => {
  afterEach(cleanup);

  it('starts loading on mount, once, and a submit before it arrives waits and then checks', async () => {
    const { load, callAt } = manualLoader();
    const send = vi.fn(async () => undefined);
    renderForm({ load, send });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByTestId('save'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByText('请输入名称')).toBeNull();

    callAt(0).resolve(nameSchema);
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands send the body the loaded schema made', async () => {
    const { load, callAt } = manualLoader();
    const send = vi.fn(async () => undefined);
    renderForm({ load, send });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    callAt(0).resolve(nameSchema);
    fireEvent.change(screen.getByTestId('name'), { target: { value: '  一号  ' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: '  一号  ' }, { name: '一号' }));
  });

  it('a failed load is tried again by the next submit, and the failure reaches onError', async () => {
    const { load, callAt } = manualLoader();
    const send = vi.fn(async () => undefined);
    const onError = vi.fn();
    renderForm({ load, send, onError });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    const offline = new Error('chunk failed');
    callAt(0).reject(offline);
    await new Promise((resolve) => setTimeout(resolve, 0));

    fireEvent.change(screen.getByTestId('name'), { target: { value: '一号' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    callAt(1).reject(offline);
    // The check lets it through; making the body asks once more, and that failure reaches onError.
    await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    callAt(2).reject(offline);
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(send).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(4));
    callAt(3).resolve(nameSchema);
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: '一号' }, { name: '一号' }));
  });
});
