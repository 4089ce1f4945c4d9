/**
 * The ring of an incoming call (issue 26, docs/calls.md "Call screens"): a ring tone made with Web
 * Audio (no audio file) and the tab title flashing 'Incoming call — {name}', from the ring until
 * it is answered, refused, settled elsewhere or runs out; the title is then restored. A tab the
 * provider muted in the browser stays silent (the browser mutes its Web Audio output); 'Silence'
 * on the overlay stops the tone and leaves the ring answerable.
 */

/** One ring: two short bursts of a two-tone chord, then a pause (a classic telephone cadence). */
const RING_PERIOD_MS = 3_000;
const BURSTS = [
  { at: 0, length: 0.4 },
  { at: 0.6, length: 0.4 },
];
const TONES_HZ = [440, 480];
const VOLUME = 0.12;
const TITLE_FLASH_MS = 1_000;

export interface Ringing {
  /** Stops the tone, keeps the title flashing. */
  silence(): void;
  /** Stops everything and restores the title. */
  stop(): void;
}

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** Schedules one ring on the context, starting now. */
function ringOnce(context: AudioContext): void {
  const start = context.currentTime;
  const gain = context.createGain();
  gain.gain.value = 0;
  gain.connect(context.destination);
  for (const burst of BURSTS) {
    const from = start + burst.at;
    const to = from + burst.length;
    gain.gain.setValueAtTime(0, from);
    gain.gain.linearRampToValueAtTime(VOLUME, from + 0.02);
    gain.gain.setValueAtTime(VOLUME, to - 0.02);
    gain.gain.linearRampToValueAtTime(0, to);
  }
  const end = start + BURSTS[BURSTS.length - 1]!.at + BURSTS[BURSTS.length - 1]!.length;
  for (const hz of TONES_HZ) {
    const oscillator = context.createOscillator();
    oscillator.frequency.value = hz;
    oscillator.connect(gain);
    oscillator.start(start);
    oscillator.stop(end);
  }
}

/** The tone: a ring now and every period; returns the function that stops it. */
function startTone(): () => void {
  const Context = audioContextClass();
  if (!Context) return () => undefined;
  let context: AudioContext;
  try {
    context = new Context();
  } catch (error) {
    console.warn('Ring tone', error);
    return () => undefined;
  }
  // A page the provider has not touched yet may start suspended (autoplay policy): try to resume.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  ringOnce(context);
  const timer = setInterval(() => ringOnce(context), RING_PERIOD_MS);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}

/**
 * The title alternates between the ring text and the page's own title; a title the page set
 * meanwhile (a route change) is the one restored.
 */
function startTitleFlash(text: string): () => void {
  let original = document.title;
  document.title = text;
  const timer = setInterval(() => {
    if (document.title === text) {
      document.title = original;
    } else {
      original = document.title;
      document.title = text;
    }
  }, TITLE_FLASH_MS);
  return () => {
    clearInterval(timer);
    if (document.title === text) document.title = original;
  };
}

/** Starts ringing for an incoming call; `title` is the flashing text. */
export function startRinging(title: string): Ringing {
  let stopTone: (() => void) | null = startTone();
  const stopTitle = startTitleFlash(title);
  let stopped = false;
  const silence = () => {
    stopTone?.();
    stopTone = null;
  };
  return {
    silence,
    stop() {
      if (stopped) return;
      stopped = true;
      silence();
      stopTitle();
    },
  };
}
