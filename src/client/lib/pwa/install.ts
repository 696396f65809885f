// The browser's install offer (Chromium's `beforeinstallprompt`), captured as early as possible because
// it fires once, often before any component that could show an "install" button has mounted.
import { signal, type Signal } from '@preact/signals-react';

/** Chromium's BeforeInstallPromptEvent (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  readonly platforms: string[];
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
  prompt(): Promise<void>;
}

/** The pending install offer, or null when the browser offers none (or the app is installed). */
export const installOffer: Signal<BeforeInstallPromptEvent | null> = signal(null);
/** True when running as the installed app (standalone window). */
export const runningInstalled: Signal<boolean> = signal(false);

let captured = false;
export function captureInstallPrompt(): void {
  if (captured || typeof window === 'undefined') return;
  captured = true;
  runningInstalled.value =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as { standalone?: boolean }).standalone === true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button replaces the browser's mini-infobar.
    event.preventDefault();
    installOffer.value = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    installOffer.value = null;
    runningInstalled.value = true;
  });
}

/** Shows the browser's install dialog; resolves with the user's choice. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = installOffer.peek();
  if (!offer) return 'unavailable';
  installOffer.value = null; // an offer can be used once
  await offer.prompt();
  const choice = await offer.userChoice;
  return choice.outcome;
}
