// The "new version" prompt: it names the version, or says another tab already took the update, and its
// buttons do what the update cycle handed in (reload now, or close the prompt) and nothing else.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../../../../src/client/lib/i18n/index.ts';
import { UpdatePromptMessage } from '../../../../../src/client/lib/pwa/UpdatePrompt.tsx';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

beforeEach(() => setLanguage('en'));
afterEach(cleanup);

describe('UpdatePromptMessage', () => {
  it('names the waiting version and reloads only when asked to', () => {
    const onReload = vi.fn();
    const onLater = vi.fn();
    render(
      <MantineProvider>
        <UpdatePromptMessage version="V1.2.0" reason="waiting" onReload={onReload} onLater={onLater} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('pwa-update-prompt').textContent).toContain(
      t('pwa.updateText', { version: 'V1.2.0' }),
    );
    expect(onReload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('pwa-update-reload'));
    expect(onReload).toHaveBeenCalledOnce();
    expect(onLater).not.toHaveBeenCalled();
  });

  it('says another tab took the update, and "later" only closes the prompt', () => {
    const onReload = vi.fn();
    const onLater = vi.fn();
    render(
      <MantineProvider>
        <UpdatePromptMessage
          version="V1.2.0"
          reason="activeElsewhere"
          onReload={onReload}
          onLater={onLater}
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('pwa-update-prompt').textContent).toContain(t('pwa.updateActiveText'));
    fireEvent.click(screen.getByTestId('pwa-update-later'));
    expect(onLater).toHaveBeenCalledOnce();
    expect(onReload).not.toHaveBeenCalled();
  });
});
