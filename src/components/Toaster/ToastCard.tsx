import { CircleAlert, CircleCheck, X } from '../Icon/ui.ts';
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { toast } from 'sonner';
import type { ToastKind } from './index.tsx';
import styles from './styles.module.css';

/** Toasts close by themselves after this long (specification: 5 seconds). */
export const TOAST_DURATION = 5000;
/** A toast dragged sideways by this share of its width is dismissed (specification: 80 %). */
const DRAG_DISMISS_RATIO = 0.8;

interface ToastCardProps {
  readonly id: string | number;
  readonly kind: ToastKind;
  readonly title: string;
  readonly duration: number;
}

/**
 * One toast: icon, title, close button and a progress bar showing the time left. The timer pauses while
 * the pointer is over the toast, while it has focus, while the window is in the background or hidden, and
 * while it is being dragged; a click anywhere on it closes it.
 */
export function ToastCard({ id, kind, title, duration }: ToastCardProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [windowBlurred, setWindowBlurred] = useState(false);
  const [documentHidden, setDocumentHidden] = useState(() => document.hidden);
  // Horizontal offset while dragged, with the card's width taken when the drag began.
  const [drag, setDrag] = useState<{ readonly x: number; readonly width: number } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const remaining = useRef(duration);
  const pointer = useRef<{ startX: number; width: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const paused = hovered || focused || windowBlurred || documentHidden || drag !== null || leaving;

  useEffect(() => {
    const onBlur = () => setWindowBlurred(true);
    const onFocus = () => setWindowBlurred(false);
    const onVisibility = () => setDocumentHidden(document.hidden);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => toast.dismiss(id), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, id]);

  const dismiss = () => toast.dismiss(id);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    pointer.current = { startX: event.clientX, width: event.currentTarget.offsetWidth, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointer.current;
    if (!start) return;
    const dx = event.clientX - start.startX;
    if (!start.moved && Math.abs(dx) < 4) return;
    start.moved = true;
    setDrag({ x: dx, width: start.width });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointer.current;
    pointer.current = null;
    if (!start?.moved) return;
    suppressClick.current = true;
    const dx = event.clientX - start.startX;
    if (Math.abs(dx) >= DRAG_DISMISS_RATIO * start.width) {
      setLeaving(true);
      setDrag({ x: Math.sign(dx) * start.width * 1.1, width: start.width });
      dismiss();
    } else {
      setDrag(null);
    }
  };
  const onPointerCancel = () => {
    pointer.current = null;
    setDrag(null);
  };
  const onClick = () => {
    // The click that ends a drag is not a request to close.
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    dismiss();
  };

  const style = {
    '--toast-duration': `${duration}ms`,
    ...(drag === null ? {} : { transform: `translateX(${drag.x}px)`, opacity: Math.max(0.2, 1 - Math.abs(drag.x) / drag.width) }),
  } as CSSProperties;

  const Icon = kind === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      className={styles.toast}
      data-slot="toast"
      data-kind={kind}
      data-paused={paused}
      data-dragging={drag !== null && !leaving}
      style={style}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onClick={onClick}
    >
      <Icon className={styles.icon} size={22} aria-hidden="true" />
      <p className={styles.title}>{title}</p>
      <button
        type="button"
        className={styles.close}
        aria-label="Close notification"
        onClick={(event) => {
          event.stopPropagation();
          dismiss();
        }}
      >
        <X size={16} aria-hidden="true" />
      </button>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.progress} data-slot="toast-progress" />
      </span>
    </div>
  );
}
