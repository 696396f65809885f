// The confirmation every destructive or state-changing action of a back-office page goes through: the page
// asks with what to say and what to run; one ConfirmDialog shows it, runs the action with its progress on
// the button, and stays open with the server's reason when the action is refused.
import { useState, type ReactElement, type ReactNode } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** red for a deletion, orange for a caution. */
  color?: string;
  /** Runs once confirmed; a rejection keeps the dialog open and shows why. */
  run: () => Promise<void>;
  testId?: string;
  confirmTestId?: string;
}

export interface ConfirmAction {
  ask: (request: ConfirmRequest) => void;
  /** True while the question is on screen (a drawer under it may hold back its own keys). */
  open: boolean;
  /** Rendered once by the page. */
  dialog: ReactElement;
}

export function useConfirmAction(): ConfirmAction {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  // The last request stays while the dialog closes, so its text does not vanish during the transition.
  const [shown, setShown] = useState<ConfirmRequest | null>(null);
  if (request && request !== shown) setShown(request);
  const dialog = (
    <ConfirmDialog
      opened={request !== null}
      title={shown?.title ?? ''}
      message={shown?.message ?? ''}
      confirmLabel={shown?.confirmLabel}
      color={shown?.color}
      onConfirm={async () => {
        if (shown) await shown.run();
      }}
      onClose={() => setRequest(null)}
      testId={shown?.testId}
      confirmTestId={shown?.confirmTestId}
    />
  );
  return { ask: setRequest, open: request !== null, dialog };
}
