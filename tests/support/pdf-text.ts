/**
 * The text of a PDF the server generated (src/server/cycle-data/pdf), for tests that compare what
 * a PDF says with what the portal shows (issue 26). PDFKit writes each line of text as one
 * `BT … ET` block with its position (`Tm`) and hex strings in the standard fonts' WinAnsi encoding,
 * in Flate-compressed content streams; blocks on one baseline of a page (a label and its value) make
 * one line. Enough for our own PDFs, not a general PDF reader.
 */
import { inflateSync } from 'node:zlib';

/** WinAnsiEncoding's bytes 0x80–0x9F (PDF 32000-1 Annex D); the rest are Latin-1. */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI[byte] ?? String.fromCharCode(byte);
  }
  return text;
}

/** Content streams of the document, inflated (streams that are not Flate data are skipped). */
function contentStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const start = /stream\r?\n/g;
  for (let m = start.exec(raw); m; m = start.exec(raw)) {
    const from = m.index + m[0].length;
    const to = raw.indexOf('endstream', from);
    if (to < 0) break;
    try {
      const text = inflateSync(Buffer.from(raw.slice(from, to), 'latin1')).toString('latin1');
      if (/\bBT\b/.test(text)) streams.push(text);
    } catch {
      // Not Flate data (an image, a font): it holds no text of ours.
    }
  }
  return streams;
}

/** The lines of text of each content stream (a page, or a chart drawn into it), top to bottom. */
export function pdfLines(pdf: Buffer): string[] {
  return pdfPages(pdf).flat();
}

/**
 * The lines of each content stream on its own, top to bottom: one entry per page for a PDF without
 * charts (a chart's SVG is drawn into a stream of its own).
 */
export function pdfPages(pdf: Buffer): string[][] {
  return contentStreams(pdf).map((stream) => {
    const lines: string[] = [];
    const rows: Array<{ y: number; x: number; text: string }> = [];
    for (const block of stream.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const body = block[1]!;
      const position = /([-\d.]+) ([-\d.]+) Tm/.exec(body);
      const text = [...body.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1]!)).join('');
      if (!text.trim()) continue;
      rows.push({ x: Number(position?.[1] ?? 0), y: Number(position?.[2] ?? 0), text });
    }
    const byLine = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = row.y.toFixed(0);
      byLine.set(key, [...(byLine.get(key) ?? []), row]);
    }
    for (const [, row] of [...byLine].sort((a, b) => Number(b[0]) - Number(a[0])))
      lines.push(
        row
          .sort((a, b) => a.x - b.x)
          .map((r) => r.text)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    return lines;
  });
}

/** The whole text as one paragraph: for prose that PDFKit wrapped onto several lines. */
export function pdfText(pdf: Buffer): string {
  return pdfLines(pdf).join(' ');
}
