import { Button, MantineProvider, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { useSchemaForm, type SubmitOptions } from '../../../../../src/client/lib/forms/use-schema-form.ts';
import { z } from '../../../../../src/shared/api/zod.ts';

const roomSchema = z.object({
  name: z.string().trim().min(1, '请输入考场名称'),
  capacity: z.coerce.number().int().default(30),
  seats: z.array(z.object({ label: z.string().min(1, '请输入座位号') })),
});

interface RoomValues {
  name: string;
  seats: { label: string }[];
  confirm: string;
}

function RoomForm({
  send,
  onError,
}: {
  send: (values: RoomValues, input: z.output<typeof roomSchema>) => Promise<unknown>;
  onError?: SubmitOptions['onError'];
}) {
  const { form, submitting, handleSubmit } = useSchemaForm<RoomValues, typeof roomSchema>({
    mode: 'controlled',
    initialValues: { name: '', seats: [{ label: 'A1' }], confirm: '' },
    schema: roomSchema,
    toInput: ({ name, seats }) => ({ name, seats }),
    refine: (values, errors) =>
      values.confirm !== values.name
        ? { confirm: errors.name ? '请先填写名称' : '两次输入不一致', name: '名称与确认不一致' }
        : {},
  });
  return (
    <form onSubmit={handleSubmit(send, { onError })} noValidate>
      <TextInput label="名称" data-testid="name" {...form.getInputProps('name')} />
      <TextInput label="确认" data-testid="confirm" {...form.getInputProps('confirm')} />
      <TextInput label="座位" data-testid="seat" {...form.getInputProps('seats.0.label')} />
      <Button type="submit" loading={submitting} data-testid="save">
        保存
      </Button>
    </form>
  );
}

const renderForm = (props: Parameters<typeof RoomForm>[0]) =>
  render(
    <MantineProvider>
      <RoomForm {...props} />
    </MantineProvider>,
  );

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('useSchemaForm', () => {
  afterEach(cleanup);

  it('shows the schema messages and sends nothing while they stand', async () => {
    const send = vi.fn(async () => undefined);
    renderForm({ send });
    type('seat', '');
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('请输入考场名称')).toBeTruthy();
    expect(screen.getByText('请输入座位号')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('runs the form’s own checks, a schema message on a field winning', async () => {
    const send = vi.fn(async () => undefined);
    renderForm({ send });
    type('confirm', '二号');
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('请先填写名称')).toBeTruthy();
    expect(screen.getByText('请输入考场名称')).toBeTruthy();
    expect(screen.queryByText('名称与确认不一致')).toBeNull();
    type('name', '一号');
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('两次输入不一致')).toBeTruthy();
    expect(screen.getByText('名称与确认不一致')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends valid values with the body the schema made of them, is submitting until the answer, and places a 422 answer under the inputs', async () => {
    let fail: (error: unknown) => void = () => undefined;
    const send = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    const onError = vi.fn();
    renderForm({ send, onError });
    type('name', ' 一号 ');
    type('confirm', ' 一号 ');
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        { name: ' 一号 ', confirm: ' 一号 ', seats: [{ label: 'A1' }] },
        { name: '一号', capacity: 30, seats: [{ label: 'A1' }] },
      ),
    );
    await waitFor(() => expect(screen.getByTestId('save').hasAttribute('data-loading')).toBe(true));
    fail(
      new ApiError(422, 'x', {
        message: 'x',
        errors: { name: ['考场名称已存在'], 'seats.0.label': ['座位号重复'], body: ['请求无效'] },
      }),
    );
    expect(await screen.findByText('考场名称已存在')).toBeTruthy();
    expect(screen.getByText('座位号重复')).toBeTruthy();
    expect(screen.queryByText('请求无效')).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.any(ApiError), true, { body: '请求无效' });
    await waitFor(() => expect(screen.getByTestId('save').hasAttribute('data-loading')).toBe(false));
  });

  it('hands any other failure to onError, with nothing placed', async () => {
    const onError = vi.fn();
    renderForm({ send: async () => Promise.reject(new ApiError(500, '服务器错误', null)), onError });
    type('name', '一号');
    type('confirm', '一号');
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.any(ApiError), false, {}));
  });
});
