import { Suspense, useState } from 'react';
import { lazyWithPreload } from './lazy';

// The question is not on the first screen: it loads when the pointer or focus comes near the
// list (`preloadDeleteQuestion`), or with the first delete asked for (DESIGN §9 budget).
const ConfirmModal = lazyWithPreload(() => import('./confirm-modal'), (m) => m.ConfirmModal);

/** Fetches the question's code ahead of the first delete. */
export const preloadDeleteQuestion = ConfirmModal.preload;

export interface DeleteQuestionState<T> {
  /** The row asked about, or null while no question is open. */
  row: T | null;
  ask: (row: T) => void;
  close: () => void;
  /** Asked at least once: the dialog stays mounted from then on, to play its closing transition. */
  used: boolean;
}

/** A list's "delete this row?" question. */
export function useDeleteQuestion<T>(): DeleteQuestionState<T> {
  const [row, setRow] = useState<T | null>(null);
  const [used, setUsed] = useState(false);
  if (row !== null && !used) setUsed(true);
  return { row, ask: setRow, close: () => setRow(null), used };
}

interface DeleteQuestionProps<T> {
  question: DeleteQuestionState<T>;
  title: string;
  /** What is deleted and the feature's warning, for the row asked about. */
  message: (row: T) => string;
  busy: boolean;
  onConfirm: (row: T) => void;
}

/** The question itself, with 'Cancel' and a red 'Delete'. */
export function DeleteQuestion<T>({ question, title, message, busy, onConfirm }: DeleteQuestionProps<T>) {
  if (!question.used) return null;
  const { row } = question;
  return (
    <Suspense fallback={null}>
      <ConfirmModal
        opened={row !== null}
        title={title}
        message={row !== null ? message(row) : ''}
        confirmLabel="Delete"
        confirmColor="red"
        busy={busy}
        onConfirm={() => {
          if (row !== null) onConfirm(row);
        }}
        onClose={question.close}
      />
    </Suspense>
  );
}
