// The row actions most back-office lists share, built once: the right-aligned actions column, the edit and
// delete pair (same icons, delete in red), the confirmation a deletion goes through and the enable/disable
// switch that asks first. A page passes its own labels: each area words them in its own message table.
import { IconCircleCheck, IconCircleOff, IconEdit, IconTrash } from '@tabler/icons-react';
import { toastSuccess } from '../toast.ts';
import type { ListPageColumn } from './ListPageTable.tsx';
import { RowActions, type RowActionItem } from './RowActions.tsx';
import type { ConfirmRequest } from './use-confirm-action.tsx';

/** The last column of a list: the row's action buttons, right-aligned, without a title. */
export function actionsColumn<T>(actions: (row: T) => RowActionItem[]): ListPageColumn<T> {
  return {
    accessor: 'actions',
    title: '',
    textAlign: 'right',
    render: (row) => <RowActions actions={actions(row)} />,
  };
}

export interface EditDeleteOptions {
  onEdit: () => void;
  onDelete: () => void;
  editLabel: string;
  deleteLabel: string;
  /** Test ids `<prefix>-edit` and `<prefix>-delete`; none when left out. */
  testIdPrefix?: string;
  /** Appended as `-<suffix>` to both test ids, where a browser test names one row (its id). */
  testIdSuffix?: string | number;
}

/** A row's edit and delete buttons (delete in red), in that order. */
export function editDeleteActions({
  onEdit,
  onDelete,
  editLabel,
  deleteLabel,
  testIdPrefix,
  testIdSuffix,
}: EditDeleteOptions): RowActionItem[] {
  const testId = (action: string) =>
    testIdPrefix === undefined
      ? undefined
      : [testIdPrefix, action, testIdSuffix].filter((part) => part !== undefined).join('-');
  return [
    { key: 'edit', label: editLabel, icon: <IconEdit size={16} />, onClick: onEdit, testId: testId('edit') },
    {
      key: 'delete',
      label: deleteLabel,
      icon: <IconTrash size={16} />,
      color: 'red',
      onClick: onDelete,
      testId: testId('delete'),
    },
  ];
}

export interface DeleteRequestOptions extends Pick<
  ConfirmRequest,
  'title' | 'message' | 'testId' | 'confirmTestId'
> {
  /** The confirm button's label (the delete action's own word). */
  confirmLabel: string;
  /** Deletes on the server; a refusal keeps the dialog open with the server's reason. */
  remove: () => Promise<unknown>;
  /** The success toast once deleted. */
  doneMessage: string;
  /** What the page does once deleted (reload its list). */
  onDone: () => void;
}

/** The confirmation a deletion asks through useConfirmAction: red, then a toast and the page's reload. */
export function deleteRequest({
  remove,
  doneMessage,
  onDone,
  ...asked
}: DeleteRequestOptions): ConfirmRequest {
  return {
    ...asked,
    color: 'red',
    run: async () => {
      await remove();
      toastSuccess(doneMessage);
      onDone();
    },
  };
}

export interface ToggleEnabledOptions {
  /** The row's present state: the action offers the other one. */
  enabled: boolean;
  /** The page's words: the two actions, their questions (naming the row) and their success toasts. */
  enableLabel: string;
  disableLabel: string;
  confirmEnable: string;
  confirmDisable: string;
  enabledDone: string;
  disabledDone: string;
  /** The colour of the disable button and its confirm button: red, or orange for a caution. */
  disableColor?: string;
  /** Writes the new state on the server; a refusal keeps the dialog open with the server's reason. */
  setEnabled: (enabled: boolean) => Promise<unknown>;
  /** What the page does once switched (reload its list). */
  onDone: () => void;
  /** The page's useConfirmAction().ask. */
  ask: (request: ConfirmRequest) => void;
  /** The button's test id. */
  testId?: string;
  /** The dialog's test id. */
  dialogTestId?: string;
}

/**
 * A row's enable/disable button: it offers the state the row is not in, asks first, then writes the new
 * state, says so and calls onDone.
 */
export function toggleEnabledAction({
  enabled,
  enableLabel,
  disableLabel,
  confirmEnable,
  confirmDisable,
  enabledDone,
  disabledDone,
  disableColor = 'red',
  setEnabled,
  onDone,
  ask,
  testId,
  dialogTestId,
}: ToggleEnabledOptions): RowActionItem {
  const label = enabled ? disableLabel : enableLabel;
  return {
    key: 'toggle',
    label,
    icon: enabled ? <IconCircleOff size={16} /> : <IconCircleCheck size={16} />,
    color: enabled ? disableColor : 'green',
    testId,
    onClick: () =>
      ask({
        title: label,
        message: enabled ? confirmDisable : confirmEnable,
        confirmLabel: label,
        color: enabled ? disableColor : undefined,
        testId: dialogTestId,
        run: async () => {
          await setEnabled(!enabled);
          toastSuccess(enabled ? disabledDone : enabledDone);
          onDone();
        },
      }),
  };
}
