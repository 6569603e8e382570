/**
 * The messages between the editor and its preview frame. The editor sends what to draw; the frame
 * says what the marketer clicked, so the editor can open that field.
 */
import type { PreviewData } from '../../api/api.ts';

export type ToPreview = {
  readonly kind: 'draw';
  readonly preview: PreviewData;
  /** The section to bring into view, by its index on the page. */
  readonly focus?: number;
  /** Counts the drafts, so the editor can tell which one is on screen. */
  readonly sequence: number;
};

export type FromPreview =
  | { readonly kind: 'ready' }
  | { readonly kind: 'drawn'; readonly sequence: number }
  /** A click in the preview: the section, and the field whose text was clicked when one was found. */
  | { readonly kind: 'pick'; readonly section?: number; readonly path?: readonly (string | number)[] };
