import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import styles from './styles.module.css';

interface LoaderState {
  /** Whether the full-page loader is shown. */
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
}

const LoaderContext = createContext<LoaderState>({ open: false, setOpen: () => undefined });

/** The global loader-visibility flag of the specification: available everywhere, closed by default. */
export function LoaderProvider({ children, initial = false }: { readonly children: ReactNode; readonly initial?: boolean }) {
  const [open, setOpen] = useState(initial);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <LoaderContext.Provider value={value}>{children}</LoaderContext.Provider>;
}

export const useLoader = () => useContext(LoaderContext);

/** The element the flag shows: a full-page progress indicator, announced politely. */
export function Loader() {
  const { open } = useLoader();
  return (
    <div className={styles.root} data-open={open} role="status" aria-live="polite" hidden={!open}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{open ? 'Loading…' : ''}</span>
    </div>
  );
}
