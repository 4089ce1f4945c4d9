/**
 * SDP munging of docs/wire/hosted-chat.md §20.8: the preferred codec's payload types first on the
 * `m=video` line, `a=extmap-allow-mixed` removed, and the session bandwidth as `b=AS:<kbps>` (or
 * `b=TIAS:<kbps*1024>`) on the first line after `m=video` and its `i=`/`c=` lines. Pure functions
 * over SDP text (lines end in CRLF).
 */

function splitLines(sdp: string): string[] {
  return sdp.split(/\r\n|\n/);
}

function joinLines(lines: string[]): string {
  return lines.join('\r\n');
}

/** Moves every payload type whose `a=rtpmap` names `codec` to the front of the `m=video` line. */
export function preferCodec(sdp: string, codec: string, kind: 'video' | 'audio' = 'video'): string {
  const lines = splitLines(sdp);
  const mIndex = lines.findIndex((line) => line.startsWith(`m=${kind} `));
  if (mIndex < 0) return sdp;
  let end = lines.findIndex((line, index) => index > mIndex && line.startsWith('m='));
  if (end < 0) end = lines.length;
  const wanted = new Set<string>();
  const rtpmap = /^a=rtpmap:(\d+) ([^/]+)\//;
  for (const line of lines.slice(mIndex + 1, end)) {
    const match = rtpmap.exec(line);
    if (match && match[2]!.toUpperCase() === codec.toUpperCase()) wanted.add(match[1]!);
  }
  if (wanted.size === 0) return sdp;
  const parts = lines[mIndex]!.split(' ');
  const header = parts.slice(0, 3);
  const payloads = parts.slice(3);
  lines[mIndex] = [
    ...header,
    ...payloads.filter((pt) => wanted.has(pt)),
    ...payloads.filter((pt) => !wanted.has(pt)),
  ].join(' ');
  return joinLines(lines);
}

/** Drops `a=extmap-allow-mixed` lines (wire §20.8). */
export function removeExtmapAllowMixed(sdp: string): string {
  return joinLines(splitLines(sdp).filter((line) => line !== 'a=extmap-allow-mixed'));
}

/**
 * Sets the video bandwidth (kbit/s): a non-zero value replaces or inserts the `b=` line after
 * `m=video` (and its `i=`/`c=` lines); zero removes the first `b=AS`/`b=TIAS` line (wire §20.8).
 */
export function setBandwidth(sdp: string, kbps: number, line: 'AS' | 'TIAS' = 'AS'): string {
  const lines = splitLines(sdp);
  if (!kbps) {
    const first = lines.findIndex((l) => l.startsWith('b=AS:') || l.startsWith('b=TIAS:'));
    if (first >= 0) lines.splice(first, 1);
    return joinLines(lines);
  }
  const mIndex = lines.findIndex((l) => l.startsWith('m=video'));
  if (mIndex < 0) return sdp;
  let at = mIndex + 1;
  while (at < lines.length && (lines[at]!.startsWith('i=') || lines[at]!.startsWith('c='))) at++;
  const value = line === 'TIAS' ? `b=TIAS:${kbps * 1024}` : `b=AS:${kbps}`;
  if (lines[at]?.startsWith('b=')) lines[at] = value;
  else lines.splice(at, 0, value);
  return joinLines(lines);
}

/** The munging applied to every local description (wire §20.8). */
export function mungeLocal(sdp: string, codec: string, kbps: number, line: 'AS' | 'TIAS'): string {
  return setBandwidth(removeExtmapAllowMixed(preferCodec(sdp, codec)), kbps, line);
}

/** The munging applied to a remote description: only a non-zero bandwidth (wire §20.8). */
export function mungeRemote(sdp: string, kbps: number, line: 'AS' | 'TIAS'): string {
  return kbps ? setBandwidth(sdp, kbps, line) : sdp;
}
