import { Pause, Play } from '../Icon/ui.ts';
import styles from './styles.module.css';

export interface PauseToggleProps {
  readonly paused: boolean;
  readonly onToggle: () => void;
  /** What moves, for the button's text: `logo animation` gives "Pause logo animation". */
  readonly subject: string;
}

/** The small pill that pauses and resumes something moving on its own (WCAG 2.2.2). */
export function PauseToggle({ paused, onToggle, subject }: PauseToggleProps) {
  return (
    <button type="button" className={styles.toggle} data-slot="pause" onClick={onToggle}>
      {paused ? <Play size={14} aria-hidden /> : <Pause size={14} aria-hidden />}
      {paused ? `Play ${subject}` : `Pause ${subject}`}
    </button>
  );
}
