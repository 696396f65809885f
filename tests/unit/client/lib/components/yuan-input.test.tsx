// A fee input shows yuan with the currency sign and thousands separator, keeps two decimals, and does not
// let a fee go below zero or above 100 000 yuan.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { YuanInput } from '../../../../../src/client/lib/components/YuanInput.tsx';

afterEach(cleanup);

function Fee({ initial }: { initial: number | string }) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <MantineProvider env="test">
      <YuanInput label="报名费" value={value} onChange={setValue} data-testid="fee" />
      <output data-testid="value">{String(value)}</output>
    </MantineProvider>
  );
}

const input = () => screen.getByTestId('fee') as HTMLInputElement;

describe('YuanInput', () => {
  it('shows yuan with the sign and separators', () => {
    render(<Fee initial={1234.5} />);
    expect(input().value).toBe('¥1,234.5');
  });

  it('keeps two decimals of what is typed', () => {
    render(<Fee initial="" />);
    fireEvent.change(input(), { target: { value: '12.345' } });
    expect(screen.getByTestId('value').textContent).toBe('12.34');
  });

  it('brings a fee above the limit back to 100 000 yuan when the field is left', () => {
    render(<Fee initial="" />);
    fireEvent.change(input(), { target: { value: '250000' } });
    fireEvent.blur(input());
    expect(screen.getByTestId('value').textContent).toBe('100000');
  });
});
