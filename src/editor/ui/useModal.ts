/**
 * A `<dialog>` shown as a modal while `open` is true: `onOpen` runs each time it opens (to reset
 * what it shows and load it afresh), and closing it from the outside closes the element.
 */
import { useEffect, useRef } from 'react';

export function useModal(open: boolean, onOpen: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const latest = useRef(onOpen);
  useEffect(() => {
    latest.current = onOpen;
  });
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      latest.current();
    } else if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
