// Saving a new order of chapters or lessons: the page shows it at once, then the server's answer replaces it;
// when the server refuses (the API client has shown why), the server's order comes back.
import { useState } from 'react';
import type { ReadState } from '../../lib/data/use-read.ts';
import { useT } from '../../lib/i18n/index.ts';
import { toastSuccess } from '../../lib/toast.ts';

export function useOrderSave<T>(read: Pick<ReadState<T[]>, 'update' | 'refresh'>) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const save = async (shown: T[], send: () => Promise<T[]>) => {
    read.update(() => shown);
    setSaving(true);
    try {
      const saved = await send();
      read.update(() => saved);
      toastSuccess(t('courses.order.saved'));
    } catch {
      read.refresh();
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
