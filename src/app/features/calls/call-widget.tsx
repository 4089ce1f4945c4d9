/**
 * The minimised call (spec §2): a draggable widget with 'Call duration: {time}' and 'Zoom in'. A
 * press that moves less than 7 px is a click (spec §9) and zooms in; a longer move drags. With the
 * keyboard, 'Zoom in' is a button and the arrow keys move the widget. It starts in the
 * bottom-right corner and is never moved over the menu (issue 26: the navigation stays usable).
 */
import { Maximize2, MicOff, Phone } from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clampToViewport, isClick } from './call-format';
import { statusKey } from './call-screen-state';
import type { CallState } from './call-store';
import { useCallState, useCalls } from './calls-context';
import { useCallTimer } from './use-call-timer';

const KEY_STEP_PX = 16;
/** Where the widget sits until moved: the bottom-right corner (px from the edges). */
const CORNER_PX = 24;

/** The right edge of the menu when it shows (layouts/main-layout.tsx marks it), else 0. */
function menuRightEdge(): number {
  const menu = document.querySelector('[data-call-keep-out]');
  const rect = menu?.getBoundingClientRect();
  return rect && rect.width > 0 ? rect.right : 0;
}

function moveWidget(callStore: CallState, x: number, y: number, box: HTMLElement | null) {
  callStore.widget = clampToViewport(
    { x, y },
    { width: box?.offsetWidth ?? 0, height: box?.offsetHeight ?? 0 },
    { width: window.innerWidth, height: window.innerHeight },
    menuRightEdge(),
  );
}

/** The widget's corner now: where it was moved to, or where the corner placement put it. */
function placeOf(callStore: CallState, box: HTMLElement | null): { x: number; y: number } {
  if (callStore.widget) return callStore.widget;
  const rect = box?.getBoundingClientRect();
  return { x: rect?.left ?? 0, y: rect?.top ?? 0 };
}

export function CallWidget() {
  const { t } = useTranslation('calls');
  const calls = useCalls();
  const callStore = calls.store.state;
  const call = useCallState();
  const time = useCallTimer(call.connectedAt);
  const box = useRef<HTMLDivElement>(null);
  const press = useRef<{ x: number; y: number; left: number; top: number; dragged: boolean } | null>(null);
  if (!call.minimised || call.screen === 'idle' || call.screen === 'ringing') return null;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const at = placeOf(callStore, box.current);
    press.current = { x: e.clientX, y: e.clientY, left: at.x, top: at.y, dragged: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.dragged && isClick(dx, dy)) return;
    p.dragged = true;
    moveWidget(callStore, p.left + dx, p.top + dy, box.current);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    press.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    if (p && !p.dragged && isClick(e.clientX - p.x, e.clientY - p.y)) calls.store.setMinimised(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!step) return;
    e.preventDefault();
    const at = placeOf(callStore, box.current);
    moveWidget(callStore, at.x + step[0]! * KEY_STEP_PX, at.y + step[1]! * KEY_STEP_PX, box.current);
  };
  const status = statusKey(call.screen, call.endReason);

  return (
    <div
      ref={box}
      role="region"
      aria-label={t('widget.label', { name: call.name })}
      data-testid="call-widget"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (press.current = null)}
      onKeyDown={onKeyDown}
      style={{
        ...(call.widget
          ? { left: call.widget.x, top: call.widget.y }
          : { right: CORNER_PX, bottom: CORNER_PX }),
        touchAction: 'none',
      }}
      className="fixed z-50 flex w-56 cursor-move select-none flex-col gap-2 rounded-2xl bg-slate-900 p-3 text-white shadow-xl"
    >
      <p className="flex items-center gap-2 truncate text-sm font-semibold">
        {call.muted ? <MicOff aria-hidden size={16} /> : <Phone aria-hidden size={16} />}
        {call.name}
      </p>
      <p className="text-xs text-slate-200" aria-live="polite">
        {call.screen === 'connected' ? (
          <span role="timer" aria-live="off" className="tabular-nums">
            {t('widget.duration', { time })}
          </span>
        ) : (
          status && t(status)
        )}
      </p>
      <button
        type="button"
        // The press is handled by the widget (a short press zooms in, a drag moves); the keyboard clicks here.
        onClick={(e) => {
          if (e.detail === 0) calls.store.setMinimised(false);
        }}
        className="flex items-center justify-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm hover:bg-white/25 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
      >
        <Maximize2 aria-hidden size={16} />
        {t('widget.zoomIn')}
      </button>
    </div>
  );
}
