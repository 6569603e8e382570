/**
 * The live preview: the preview page (preview/main.tsx) in a frame, at a phone's width (390 px) or
 * a desktop's (1280 px, scaled down to fit), drawn again with each checked draft.
 */
import { useEffect, useRef, useState } from 'react';
import type { PreviewData } from '../api/api.ts';
import type { FromPreview, ToPreview } from './preview/protocol.ts';

const widths = { phone: 390, desktop: 1280 } as const;
type Device = keyof typeof widths;

export interface PreviewFrameProps {
  readonly preview: PreviewData | undefined;
  readonly focus: number | undefined;
  readonly onPick: (section: number | undefined, path: readonly (string | number)[] | undefined) => void;
}

export function PreviewFrame({ preview, focus, onPick }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [device, setDevice] = useState<Device>('desktop');
  const [room, setRoom] = useState({ width: 600, height: 800 });
  const sequence = useRef(0);
  // The latest handler, read by the one message listener, which is never added twice.
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent<FromPreview>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data.kind === 'ready') setReady(true);
      if (event.data.kind === 'drawn') frame.current?.setAttribute('data-drawn', String(event.data.sequence));
      if (event.data.kind === 'pick') pick.current(event.data.section, event.data.path);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!pane.current) return;
    const observer = new ResizeObserver(
      ([entry]) => entry && setRoom({ width: entry.contentRect.width, height: entry.contentRect.height }),
    );
    observer.observe(pane.current);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!ready || !preview) return;
    const message: ToPreview = { kind: 'draw', preview, sequence: ++sequence.current, ...(focus === undefined ? {} : { focus }) };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [ready, preview, focus]);

  const width = widths[device];
  const scale = Math.min(1, room.width / width);
  return (
    <aside className="editor-preview" aria-label="Preview">
      <div className="preview-bar" role="group" aria-label="Preview width">
        {(Object.keys(widths) as Device[]).map((d) => (
          <button key={d} type="button" aria-pressed={device === d} onClick={() => setDevice(d)}>
            {d === 'phone' ? 'Phone (390 px)' : 'Desktop (1280 px)'}
          </button>
        ))}
        {!preview && <span className="preview-note">The preview shows the last version without errors.</span>}
      </div>
      <div className="preview-pane" ref={pane}>
        <iframe
          ref={frame}
          title="Preview of the page"
          // The change set in the address (the shared service) names where its pictures come from.
          src={`/preview${window.location.search}`}
          style={{ width, height: room.height / scale, transform: `scale(${scale})` }}
        />
      </div>
    </aside>
  );
}
