// The toast container (spec §8 messages) with its stylesheet: a lazy chunk of App, so its transitions
// and portal stay out of the first render. Toasts shown before it mounts wait in the notifications store.
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../shared/api/constants.ts';

export default function Toasts() {
  return <Notifications position="top-center" autoClose={TOAST_DURATION_MS} />;
}
