/**
 * The shared canvas (docs/calls.md "Screen sharing"): the share view — the client's chart,
 * calendar and ovulation, exactly what the 'Sharing Screen' confirm promises — drawn into a canvas
 * of this page, whose `captureStream()` track the call sends instead of the camera. Nothing else
 * of the screen can reach the client, and no browser picker is needed. It follows the cycle chosen
 * in the share window (share-view-data.ts) and the portal's language; `stop()` ends its track.
 * Loaded with the first share (screen-share.ts), ECharts with it (components/chart).
 */
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { PortalApi } from '../../api/api-client';
import { chartSvg } from '../../components/chart';
import { chartLabels, cycleChart, temperatureUnitFor } from '../../components/cycle-charts';
import { shareContent, type ShareData } from './share-canvas-content';
import { canvasSize, SHARE_FPS, shareLayout, svgAtSize } from './share-canvas-layout';
import { paintSharePage } from './share-canvas-paint';
import { callClientQuery, sharedCyclesQuery } from './queries';
import { readShareViewChoice, SHARE_VIEW_CHANNEL, shownCycle } from './share-view-data';

export interface SharedCanvas {
  /** The canvas's stream: one video track. */
  readonly stream: MediaStream;
  readonly track: MediaStreamTrack;
  /** Its pixel size (what the client receives). */
  readonly size: { width: number; height: number };
  /** Ends the track and stops drawing and listening. */
  stop(): void;
}

/** Where the chart goes, in CSS pixels: the same box whatever the calendar's rows. */
const CHART_BOX = shareLayout(0, [], () => 0).chart.image;

/** An SVG document as an image `scale` times its size: drawn at the canvas's pixels, not stretched. */
async function svgImage(svg: string, scale: number): Promise<HTMLImageElement> {
  const width = Math.round(CHART_BOX.width * scale);
  const height = Math.round(CHART_BOX.height * scale);
  const sized = svgAtSize(svg, { width, height }, CHART_BOX);
  const url = URL.createObjectURL(new Blob([sized], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The client's data, as the share window reads it; throws when it is not hers to see. */
async function loadShareData(
  queryClient: QueryClient,
  api: PortalApi,
  otherUserId: number,
): Promise<{ name: string; data: ShareData }> {
  const client = await queryClient.fetchQuery(callClientQuery(api, otherUserId));
  if (client.userId === null || client.userId === undefined) throw new Error('The client has no member id');
  const data = await queryClient.fetchQuery(sharedCyclesQuery(api, client.userId));
  return { name: client.name ?? data.member.name ?? '', data };
}

/**
 * Draws the share view of the client `otherUserId` into a canvas and streams it, with her data read
 * through the signed-in session's server data and `api` (the root's client); `country` is the provider's (her temperature unit).
 */
export async function openSharedCanvas(
  queryClient: QueryClient,
  api: PortalApi,
  otherUserId: number,
  country: () => string | null,
): Promise<SharedCanvas> {
  const { name, data } = await loadShareData(queryClient, api, otherUserId);
  const size = canvasSize(window.devicePixelRatio);
  const page = document.createElement('canvas');
  page.width = size.width;
  page.height = size.height;
  const output = document.createElement('canvas');
  output.width = size.width;
  output.height = size.height;
  const pageContext = page.getContext('2d');
  const outputContext = output.getContext('2d');
  if (!pageContext || !outputContext) throw new Error('No 2D canvas');

  let chosen: number | null = null;
  let drawn = 0;
  let stopped = false;
  /** Paints the page again; a newer paint started meanwhile wins. */
  const paint = async () => {
    const version = ++drawn;
    const language = i18next.language;
    const unit = temperatureUnitFor(country());
    const t = { calls: i18next.getFixedT(language, 'calls'), charts: i18next.getFixedT(language, 'charts') };
    const cycle = shownCycle(data.cycles, chosen);
    const content = shareContent(name, data, cycle, unit, t, language);
    const chart = cycle
      ? await svgImage(
          await chartSvg(
            cycleChart(cycle, data.days, unit, chartLabels(t.charts, language, unit), CHART_BOX.width).option,
            CHART_BOX,
          ),
          size.scale,
        )
      : null;
    if (version !== drawn || stopped) return;
    paintSharePage(pageContext, size.scale, content, chart);
    outputContext.drawImage(page, 0, 0);
  };
  await paint();

  const stream = output.captureStream(SHARE_FPS);
  const track = stream.getVideoTracks()[0];
  if (!track) throw new Error('The canvas gave no video track');
  track.contentHint = 'detail';
  // The page is still: drawing it again makes the frames that keep the encoder and the client fed.
  const frames = setInterval(() => outputContext.drawImage(page, 0, 0), 1000 / SHARE_FPS);
  const repaint = () => void paint().catch((error: unknown) => console.warn('Shared canvas', error));
  const channel = new BroadcastChannel(SHARE_VIEW_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const choice = readShareViewChoice(event.data);
    if (!choice || choice.otherUserId !== otherUserId || choice.cycle === chosen) return;
    chosen = choice.cycle;
    repaint();
  };
  i18next.on('languageChanged', repaint);

  return {
    stream,
    track,
    size: { width: size.width, height: size.height },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(frames);
      channel.close();
      i18next.off('languageChanged', repaint);
      for (const t of stream.getTracks()) t.stop();
    },
  };
}
