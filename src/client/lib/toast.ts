// The success half of the toasts (spec §9: shown 2000 ms): a page says that a save, or another change it
// asked for, went through with `toastSuccess`, so every form confirms alike. Failures are toasted by the
// API client (lib/api/client.ts), in one place, and never here.
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../shared/api/constants.ts';

export function toastSuccess(message: string): void {
  notifications.show({
    color: 'green',
    message,
    autoClose: TOAST_DURATION_MS,
    'data-testid': 'toast-success',
  });
}
