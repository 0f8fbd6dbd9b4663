import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithPreload } from '../first-screen/lazy';
import { isKeptToChoose } from '../outbox/kept-to-choose';
import { showSavedOnPhone } from '../outbox/saved-on-phone';

const ConfirmModal = lazyWithPreload(() => import('./confirm-modal'), (m) => m.ConfirmModal);

interface ConfirmDeleteOptions<T> {
  /**
   * The list's delete, called with the row (a record a phone may change offline carries its version).
   * It answers null when the deletion is kept on the phone to be sent later.
   */
  remove: { mutate: (item: T, callbacks: { onSuccess: (result: unknown) => void; onError: (error: Error) => void }) => void; isPending: boolean };
  /** The rows of the page shown: deleting the last one of a page past the first steps back a page. */
  items: readonly unknown[] | undefined;
  page: number;
  setPage: (page: number) => void;
  /** The toast once it is gone. */
  onDeleted: (item: T) => void;
  /** The toast when the server refused. */
  onFailed: (error: Error, item: T) => void;
}

interface DialogWords<T> {
  title: string;
  /** What the question names: the row, and the product's confirmation. */
  message: (item: T) => string;
  confirmLabel?: string;
}

/**
 * A list's delete: the row asked about, the question before it (docs/product.md §4: a delete asks
 * first), and the step back to the page before when a page's last row goes. The dialog's code is
 * no part of the first screen (docs/design.md §9 budget): it is asked for with the first question,
 * or by `preload` when the pointer or focus comes near the list, then stays mounted so it closes
 * with its animation.
 */
export function useConfirmDelete<T extends { id: number }>({ remove, items, page, setPage, onDeleted, onFailed }: ConfirmDeleteOptions<T>) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [used, setUsed] = useState(false);
  if (deleting !== null && !used) setUsed(true);

  const confirm = () => {
    if (!deleting) return;
    const item = deleting;
    remove.mutate(item, {
      onSuccess: (result) => {
        setDeleting(null);
        if (result === null) return showSavedOnPhone();
        onDeleted(item);
        if (items?.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => {
        setDeleting(null);
        // Changed on another phone since: the list of records on the phone asks which to keep.
        if (!isKeptToChoose(error)) onFailed(error, item);
      },
    });
  };

  const dialog = ({ title, message, confirmLabel = 'Delete' }: DialogWords<T>): ReactNode =>
    used ? (
      <Suspense fallback={null}>
        <ConfirmModal
          opened={deleting !== null}
          title={title}
          message={deleting ? message(deleting) : ''}
          confirmLabel={confirmLabel}
          confirmColor="red"
          busy={remove.isPending}
          onConfirm={confirm}
          onClose={() => setDeleting(null)}
        />
      </Suspense>
    ) : null;

  return { ask: setDeleting, preload: ConfirmModal.preload, dialog };
}
