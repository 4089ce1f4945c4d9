/** A time-seeded UUID v4-like string, as the SDK makes session and offer ids (wire §20.3). */
export function timeSeededUuid(now: number = Date.now()): string {
  let seed = now;
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = ((seed + Math.random() * 16) % 16) | 0;
    seed = Math.floor(seed / 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}
